/**
 * The account aggregator's return for a segment request's income proof: trusted only when its
 * encrypted response names the consent this request asked for and the AA reports that consent
 * ACTIVE (as the segment step's get-segment-status). The draft then carries the consent and may be
 * signed.
 */
import type { ServiceRequestView } from '@ekyc/contracts/calls/client-area';
import { segmentIncomeProofRequestSchema } from '@ekyc/contracts/calls/client-segments';
import type { ServicingDeps } from './deps.ts';
import { AppError, invalidFieldIssue } from '../../lib/errors.ts';
import { fail, ok, type Outcome } from '../../lib/outcome.ts';
import { approvesConsent } from '../../providers/account-aggregator/port.ts';
import { ProviderError } from '../../providers/http.ts';
import type { RequestPayload } from './request-payload.ts';
import { requestView } from './request-view.ts';
import { servicingRepository as repo } from './servicing.repository.ts';

type Deps = Pick<ServicingDeps, 'database' | 'cipher' | 'records' | 'accountAggregator' | 'now'>;

export async function confirmIncomeProofConsent(
  deps: Deps,
  applicantId: string,
  sessionId: string,
  requestId: string,
  body: unknown,
): Promise<Outcome<{ request: ServiceRequestView } | { reason: 'consent_failed' }>> {
  const parsed = segmentIncomeProofRequestSchema.safeParse(body);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    throw invalidFieldIssue(issue.path.join('.') || 'body', issue);
  }
  const row = await repo.get(deps.database.db, requestId);
  if (!row || row.applicantId !== applicantId || row.kind !== 'segments') throw new AppError('NOT_FOUND', 'notFound');
  if (row.status !== 'draft') throw new AppError('CONFLICT', 'requestSignedAlready');
  const payload = deps.cipher.decryptJson<RequestPayload>(row.payloadEnc);
  const consent = payload.kind === 'segments' ? payload.incomeProof?.consent : null;
  if (payload.kind !== 'segments' || !consent) throw new AppError('CONFLICT', 'requestNoAaConsent');
  if (consent.status === 'active') return ok('incomeProofReceived', { request: requestView(deps, row, sessionId) });

  const failed = () => fail('aaConsentFailed', { reason: 'consent_failed' as const });
  const back = deps.accountAggregator.readRedirect(parsed.data);
  if (!approvesConsent(back, { txnid: consent.txnid, handle: consent.handle })) return failed();
  let status: { status: string; consentId: string | null };
  try {
    status = await deps.accountAggregator.consentStatus(consent.handle);
  } catch (err) {
    if (err instanceof ProviderError) throw new AppError('UNAVAILABLE', 'aaUnavailable');
    throw err;
  }
  if (status.status !== 'ACTIVE') return failed();

  const approvedAt = new Date(deps.now()).toISOString();
  const updated: RequestPayload = {
    ...payload,
    incomeProof: {
      ...payload.incomeProof!,
      consent: { ...consent, id: status.consentId, status: 'active', approvedAt },
    },
  };
  await deps.database.db.transaction(async (tx) => {
    await repo.setPayload(tx, row.id, deps.cipher.encryptJson(updated));
    await repo.audit(
      tx,
      applicantId,
      'service_request.income_proof_consent',
      { request: row.id, consent_handle: consent.handle, consent_id: status.consentId },
      { kind: 'applicant', id: applicantId },
    );
  });
  const fresh = (await repo.get(deps.database.db, row.id))!;
  return ok('incomeProofReceived', { request: requestView(deps, fresh, sessionId) });
}
