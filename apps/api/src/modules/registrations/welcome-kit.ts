/**
 * The attachments of the welcome email: the applicant's signed account-opening form (with its
 * eSign signature) and the documents of the kit, each a PDF: the broker's file in
 * `WELCOME_KIT_DIR` (`<key>.pdf`) or the platform's sample (documents/broker-documents.ts); the
 * sample tariff sheet is the schedule of the applicant's plan.
 */
import { KIT_DOCUMENTS } from '@ekyc/contracts/calls/broker-documents';
import type { RegistrationsDeps } from './deps.ts';
import { clientKitDocument, kitFileName } from '../../documents/broker-documents.ts';
import type { Attachment } from '../../providers/messaging/port.ts';

type Deps = Pick<RegistrationsDeps, 'records' | 'config'>;

export const SIGNED_FORM_FILENAME = 'account-opening-form-signed.pdf';

export async function welcomeAttachments(deps: Deps, applicantId: string, at: Date): Promise<Attachment[]> {
  const sections = await deps.records.allSections(applicantId);
  const signed = sections.esign_obj?.signed_document;
  const form = signed ? await deps.records.readFile(signed.$file) : null;
  const plan = sections.personal_obj?.plan_selected;
  const kit = await Promise.all(
    KIT_DOCUMENTS.map(async (d) => ({
      filename: kitFileName(d.key),
      contentType: 'application/pdf',
      content: await clientKitDocument(deps.config.welcomeKitDir, d.key, at, plan),
    })),
  );
  return [
    ...(form ? [{ filename: SIGNED_FORM_FILENAME, contentType: 'application/pdf', content: form.bytes }] : []),
    ...kit,
  ];
}
