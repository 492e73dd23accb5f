/**
 * get-segment-status: the account aggregator's window sent status S back; the answer is trusted
 * only when its encrypted response matches the consent this applicant asked for and the AA
 * reports that consent ACTIVE. Then the segments are saved and the stage completes.
 */
import { ACK } from '@ekyc/contracts/acknowledgements';
import type { GetSegmentStatusData, GetSegmentStatusRequest } from '@ekyc/contracts/calls/get-segment-status';
import { MSG, type MessageKey } from '@ekyc/contracts/messages';
import { routeForStage, STAGE } from '@ekyc/contracts/stages';
import type { SegmentDeps } from './deps.ts';
import { fail, ok, type Outcome } from '../../lib/outcome.ts';
import { approvesConsent } from '../../providers/account-aggregator/port.ts';
import { ProviderError } from '../../providers/http.ts';
import { PENDING_CONSENT, SEGMENT_PRIVATE, type SegmentObj } from './segment-record.ts';

type Deps = Pick<SegmentDeps, 'records' | 'accountAggregator'>;

export async function checkSegmentStatus(
  deps: Deps,
  applicantId: string,
  input: GetSegmentStatusRequest,
): Promise<Outcome<GetSegmentStatusData>> {
  await deps.records.requireStage(applicantId, 'get-segment-status');
  const screen = routeForStage(STAGE.SEGMENT);
  const failure = (key: MessageKey) => fail(key, { status: 'F' as const, message: MSG[key], data: { screen } });

  const pending = await deps.records.getSection(applicantId, PENDING_CONSENT);
  if (!pending || pending.clienttrnxid !== input.clienttrnxid) return failure('aaConsentFailed');
  const back = deps.accountAggregator.readRedirect(input);
  if (!approvesConsent(back, { txnid: pending.clienttrnxid, handle: pending.consent_handle }))
    return failure('aaConsentFailed');

  let consent: { status: string; consentId: string | null };
  try {
    consent = await deps.accountAggregator.consentStatus(pending.consent_handle);
  } catch (err) {
    if (err instanceof ProviderError) return failure('serviceUnavailable');
    throw err;
  }
  if (consent.status !== 'ACTIVE') return failure('aaConsentFailed');

  const segment_obj: SegmentObj = {
    segment_list: pending.segment_list,
    upload_prccess_by: 'digital',
    financial_proof_option: 'bank_statement',
    document_type: null,
    aa_consent: {
      consent_handle: pending.consent_handle,
      consent_id: consent.consentId,
      status: consent.status,
      fi_types: ['DEPOSIT'],
      approved_at: new Date().toISOString(),
    },
  };
  const move = await deps.records.completeStage(applicantId, STAGE.SEGMENT, {
    sections: { segment_obj, [PENDING_CONSENT]: null, [SEGMENT_PRIVATE]: null },
  });
  const message = ACK.financialProofReceived;
  return ok('financialProofReceived', { status: 'S', message, data: { screen: move.screen } });
}
