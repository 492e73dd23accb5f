/**
 * The broker's registrations and the documents an applicant reads before signing, with the
 * version of each (the broker's file or the platform's sample), and each document's PDF.
 */
import type { BrokerDocumentKey, BrokerDocumentsData } from '@ekyc/contracts/calls/broker-documents';
import type { PublicDeps } from './deps.ts';
import { brokerDocumentVersions, kitDocument } from '../../documents/broker-documents.ts';

type Deps = Pick<PublicDeps, 'config'>;

export async function listBrokerDocuments(deps: Deps): Promise<BrokerDocumentsData> {
  return { registrations: deps.config.broker, documents: await brokerDocumentVersions(deps.config.welcomeKitDir) };
}

export const readBrokerDocument = (deps: Deps, key: BrokerDocumentKey, now: Date) =>
  kitDocument(deps.config.welcomeKitDir, key, now);
