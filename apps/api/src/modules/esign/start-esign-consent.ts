/**
 * esign-consent?epro_id=: opens an eSign transaction for the prepared form. The answer's
 * api_response is the HTML the popup shows: a form carrying the signed eSign request to the
 * e-sign service, which runs the Aadhaar OTP screens. The signing window starts now. One PAN, one
 * account: a PAN another application signed since this one's PAN validation is refused here, before
 * the applicant signs (signed_pans' key refuses the rest at completion, complete-esign.ts).
 */
import type { Language } from '@ekyc/contracts/constants';
import {
  ESIGN_TIME_EXCEEDED,
  ESIGN_TIME_EXCEEDED_CODE,
  type EsignConsentData,
} from '@ekyc/contracts/calls/esign-consent';
import { ROUTE, STAGE, type Screen } from '@ekyc/contracts/stages';
import { ruleSetOn } from '@ekyc/contracts/regulation';
import type { EsignDeps } from './deps.ts';
import { randomId } from '../../lib/crypto.ts';
import { AppError } from '../../lib/errors.ts';
import { fail, ok, type Outcome } from '../../lib/outcome.ts';
import { channels } from '../../realtime/hub.ts';
import { signingFormHtml } from '../../lib/esign-window.ts';
import { inTurn } from '../../records/provider-queue.ts';
import { panHashOf, signedHolderOf } from '../../records/signed.ts';
import { esignRepository as repo } from './esign.repository.ts';
import { ESIGN_PRIVATE } from './esign-state.ts';
import { brokerDocumentVersions } from '../../documents/broker-documents.ts';
import { pinnedRuleSetOf, RULE_SET_SECTION } from '../../records/rule-set.ts';

type Deps = Pick<EsignDeps, 'config' | 'database' | 'hub' | 'hasher' | 'records' | 'esign'>;

export const ESIGN_RESPONSE_PATH = '/api/v1/ekyc/esign-response';

export async function startEsignConsent(
  deps: Deps,
  applicantId: string,
  eproId: string,
  acknowledged: Partial<Record<string, string>>,
  /** The language the applicant reads (the app's Accept-Language): the signing window's first page is in it. */
  language: Language,
): Promise<Outcome<EsignConsentData | { screen: Screen }>> {
  const { section, createdAt } = await deps.records.requireStageWith(applicantId, 'esign-consent', [
    ESIGN_PRIVATE,
    'pan_obj',
    RULE_SET_SECTION,
  ]);
  const state = section(ESIGN_PRIVATE);
  if (!state || state.epro_id !== eproId) throw new AppError('CONFLICT', 'formNotCurrent', { screen: ROUTE.esign });
  // every document listed, acknowledged at the version in force (a broker may publish a new one meanwhile)
  const documents = await brokerDocumentVersions(deps.config.welcomeKitDir);
  if (documents.some((d) => acknowledged[d.key] !== d.version))
    return fail('documentsNotAcknowledged', { screen: ROUTE.esign });
  // the standard MITC (from 1 Apr 2024): the version acknowledged is the one the form shown prints
  const rules = ruleSetOn(pinnedRuleSetOf(section(RULE_SET_SECTION), createdAt).id);
  if (rules.values.mitcAcknowledgement && state.mitc_version !== acknowledged.mitc)
    throw new AppError('CONFLICT', 'formNotCurrent', { screen: ROUTE.esign });
  const pan = section('pan_obj')?.pan_number;
  if (pan && (await signedHolderOf(deps, applicantId, panHashOf(deps, pan), STAGE.ESIGN)))
    return fail('panInUse', { screen: ROUTE.esign });
  await deps.records.save(
    applicantId,
    {
      [ESIGN_PRIVATE]: {
        ...state,
        documents_acknowledged: {
          versions: Object.fromEntries(documents.map((d) => [d.key, d.version])),
          at: new Date(deps.esign.now()).toISOString(),
        },
      },
    },
    { action: 'esign-consent' },
  );
  const txn = `ASP${randomId(12).toUpperCase()}`;
  const window = deps.config.esignWindowSeconds;
  await repo.insert(deps.database.db, {
    txnId: txn,
    applicantId,
    eproId,
    expiresAt: new Date(deps.esign.now() + window * 1000),
  });
  // every e-sign service over its budget: the applicant waits in the queue (this transaction is never sent)
  const form = await inTurn(deps.database.db, deps.config.surge.queue, 'esign', applicantId, () =>
    deps.esign.signingForm({
      txn,
      inputHash: Buffer.from(state.input_hash, 'hex'),
      docInfo: `Account opening form ${eproId}`,
      // the sandbox service is on this origin; a real one posts back to the public address
      responseUrl: deps.config.sandbox ? ESIGN_RESPONSE_PATH : `${deps.config.publicUrl}${ESIGN_RESPONSE_PATH}`,
    }),
  ).catch(async (err: unknown) => {
    if (err instanceof AppError && err.messageKey === 'providerQueue')
      await repo.finish(deps.database.db, txn, 'expired', 'queued', new Date(deps.esign.now()));
    throw err;
  });
  const apiResponse = signingFormHtml(deps.config.webDist, language, form);
  return ok('esignStarted', { transaction_id: txn, api_response: apiResponse, expires_in: window });
}

/** Ends a transaction whose window has passed; tells an open status socket. */
export async function expireIfPending(deps: Deps, txn: string): Promise<boolean> {
  const expired = await repo.finish(deps.database.db, txn, 'expired', ESIGN_TIME_EXCEEDED, new Date(deps.esign.now()));
  if (expired)
    await deps.hub.publish(channels.esign(txn), {
      status: false,
      message: ESIGN_TIME_EXCEEDED,
      code: ESIGN_TIME_EXCEEDED_CODE,
      disconnect: false,
    });
  return expired;
}
