/**
 * get-application-status: the review status the back office set (review_obj), its final message
 * of section 4, the signed form, and for a rejection the stage to rework.
 */
import type { GetApplicationStatusData } from '@ekyc/contracts/calls/get-application-status';
import { type ReviewStatus, SEGMENTS } from '@ekyc/contracts/enums';
import { MSG, type MessageKey } from '@ekyc/contracts/messages';
import { decodeReason } from '@ekyc/contracts/review-reasons';
import { routeForStage } from '@ekyc/contracts/stages';
import type { StatusDeps } from './deps.ts';
import { ok, type Outcome } from '../../lib/outcome.ts';
import { tradingFrom } from '../../lib/trading-from.ts';
import { closuresRepository } from '../../records/closures.repository.ts';
import { type DocumentRequestRow, documentRequestsRepository } from '../../records/document-requests.repository.ts';
import { reasonsRepository } from '../../records/reasons.repository.ts';
import { sectionReader, type StoredSection } from '../../records/section-codec.ts';
import { statusRepository } from './status.repository.ts';

type Deps = Pick<StatusDeps, 'config' | 'database' | 'records' | 'registrations' | 'consents' | 'cipher'>;

const FINAL_MESSAGE: Record<ReviewStatus, MessageKey> = {
  Pending: 'statusUnderReview',
  Approved: 'statusVerified',
  Rejected: 'statusRejected',
  Completed: 'statusActive',
  Closed: 'statusClosed',
};

export async function getApplicationStatus(
  deps: Deps,
  applicantId: string,
  sessionId: string,
): Promise<Outcome<GetApplicationStatusData>> {
  // one statement, and the parts most applications have none of only when they exist
  const names: StoredSection[] = ['review_obj', 'esign_obj'];
  const read = await statusRepository.read(deps.database.db, applicantId, names);
  const section = sectionReader(deps.cipher, names, read.sealed);
  const kycList = read.stages;
  const [registrations, closure, asked] = await Promise.all([
    read.registered ? deps.registrations.summary(applicantId) : null,
    read.closed ? deps.consents.closure(applicantId) : undefined,
    read.asked ? documentRequestsRepository.openOf(deps.database.db, applicantId) : [],
  ]);
  const review = section('review_obj');
  const esign = section('esign_obj');
  const status: ReviewStatus = review && review.status in FINAL_MESSAGE ? review.status : 'Pending';
  const db = deps.database.db;
  // each coded reason in the version it was sent with (the reasons table)
  const textsOf = async (code: string | null, version: number) =>
    code ? ((await reasonsRepository.version(db, code, version))?.texts ?? null) : null;
  const closed = status === 'Closed' ? await closuresRepository.of(db, applicantId) : undefined;
  const reasons =
    status === 'Rejected'
      ? await Promise.all(
          kycList
            .filter((k) => k.adminActivity === 'Reject')
            .map(async (k) => {
              const { code, version, note } = decodeReason(k.reason);
              return { stage: k.stage, code, note, texts: await textsOf(code, version) };
            }),
        )
      : [];
  const rejected = kycList.find((k) => k.adminActivity === 'Reject');
  const rejectedStage = status === 'Rejected' && rejected ? rejected.stage : null;
  return ok(FINAL_MESSAGE[status], {
    status,
    text: MSG[FINAL_MESSAGE[status]],
    signed_document: esign?.signed_document ? deps.records.fileUrl(esign.signed_document, sessionId) : null,
    rejected_stage: rejectedStage,
    retry_screen: rejectedStage !== null ? routeForStage(rejectedStage) : null,
    verification_days: deps.config.verificationDays === '1-2' ? '1 to 2 working days' : '7 to 10 business days',
    account_active: status === 'Completed' && !closure,
    ...(closure && { account_closed_at: closure.closedAt.toISOString() }),
    client_code: status === 'Completed' ? (registrations?.clientCode ?? null) : null,
    bo_id: status === 'Completed' ? (registrations?.boId ?? null) : null,
    segments:
      status === 'Completed' && registrations?.completedAt
        ? registrations.segments.map((code) => {
            const s = SEGMENTS.find((x) => x.code === code);
            return {
              code,
              name: s?.name ?? code,
              exchanges: [...(s?.exchanges ?? [])],
              trading_from: tradingFrom(registrations.completedAt!),
            };
          })
        : [],
    kra: registrations?.kra ?? null,
    ckyc: registrations?.ckyc ?? null,
    reasons,
    closure: closed
      ? { kind: closed.kind, code: closed.code, texts: await textsOf(closed.code, closed.reasonVersion) }
      : null,
    document_requests: asked.map((r) => documentRequestView(deps, r)),
  });
}

/** A document request as the applicant reads it: the kind, the reviewer's note, whether the file was sent. */
export const documentRequestView = (deps: Pick<StatusDeps, 'cipher'>, r: DocumentRequestRow) => ({
  id: r.id,
  kind: r.kind,
  note: deps.cipher.decrypt(r.noteEnc),
  state: r.state === 'answered' ? ('answered' as const) : ('requested' as const),
  requested_at: r.requestedAt.toISOString(),
});
