/**
 * The client's account closure. The broker's back office is asked first (providers/back-office):
 * open positions, pledged securities, a debit balance or a request still in process (there, or one
 * of the client's own requests here) refuse the closure with the reason, and holdings need a demat
 * account of the client's to go to (closure-cum-transfer). The draft is then signed with Aadhaar
 * eSign (sign-request.ts), reviewed four-eyed and carried out at the registries (carry-out-request.ts).
 */
import { type ClosureBlocker, type ClosurePreCheck, closureRequestSchema } from '@ekyc/contracts/calls/client-closure';
import type { ServiceRequestView } from '@ekyc/contracts/calls/client-area';
import { indianDay, ruleSetOn } from '@ekyc/contracts/regulation';
import type { ServicingDeps } from './deps.ts';
import { randomId } from '../../lib/crypto.ts';
import { AppError, invalidField, invalidFieldIssue } from '../../lib/errors.ts';
import { fail, ok, type Outcome } from '../../lib/outcome.ts';
import type { ClosureCheck } from '../../providers/back-office/port.ts';
import { requireClientCode } from './client-account.ts';
import type { RequestPayload } from './request-payload.ts';
import { requestView } from './request-view.ts';
import { servicingRepository as repo } from './servicing.repository.ts';

type Deps = Pick<ServicingDeps, 'database' | 'cipher' | 'records' | 'registrations' | 'backOffice' | 'now'>;

type Refusal = { reason: ClosureBlocker | 'transfer_needed'; pre_check: ClosurePreCheck };

const UNDER_WAY = new Set(['signed', 'in_review', 'sent_to_registries']);

/** The back office's answer as the client reads it, with what stops the closure in the order checked. */
export function preCheckView(check: ClosureCheck, ownPending: number): ClosurePreCheck {
  const pending = check.pendingRequests + ownPending;
  const blockers: ClosureBlocker[] = [];
  if (check.openPositions > 0) blockers.push('open_positions');
  if (check.pledges > 0) blockers.push('pledges');
  if (check.ledgerBalance < 0) blockers.push('debit_balance');
  if (pending > 0) blockers.push('pending_requests');
  return {
    ledger_balance: check.ledgerBalance,
    holdings: check.holdings,
    open_positions: check.openPositions,
    pledges: check.pledges,
    pending_requests: pending,
    blockers,
  };
}

export async function requestClosure(
  deps: Deps,
  applicantId: string,
  sessionId: string,
  body: unknown,
): Promise<Outcome<{ request: ServiceRequestView; pre_check: ClosurePreCheck } | Refusal>> {
  const parsed = closureRequestSchema.safeParse(body);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    throw invalidFieldIssue(issue.path.join('.') || 'body', issue);
  }
  const db = deps.database.db;
  const requests = await repo.listOf(db, applicantId);
  if (requests.some((r) => r.kind === 'closure' && UNDER_WAY.has(r.status)))
    throw new AppError('CONFLICT', 'closureRequestUnderWay');
  const clientCode = await requireClientCode(deps, applicantId);
  const [summary, pan] = await Promise.all([
    deps.registrations.summary(applicantId),
    deps.records.getSection(applicantId, 'pan_obj'),
  ]);
  let check: ClosureCheck;
  try {
    check = await deps.backOffice.closureCheck({
      clientCode,
      pan: pan?.pan_number ?? '',
      requestId: `${clientCode}-CLS-${randomId(8).toUpperCase()}`,
    });
  } catch {
    throw new AppError('UNAVAILABLE', 'backOfficeUnavailable');
  }
  const preCheck = preCheckView(check, requests.filter((r) => UNDER_WAY.has(r.status)).length);
  const { reason, target } = parsed.data;
  if (preCheck.blockers.length) return fail('closureBlocked', { reason: preCheck.blockers[0]!, pre_check: preCheck });
  if (preCheck.holdings.length && !target)
    return fail('closureTransferNeeded', { reason: 'transfer_needed', pre_check: preCheck });
  if (target && summary?.boId && target.bo_id === summary.boId.toUpperCase())
    throw invalidField('target.bo_id', 'closureTargetOwn');
  const payload: RequestPayload = {
    kind: 'closure',
    reason,
    // a closure with nothing held transfers nothing, whatever was named
    target: preCheck.holdings.length && target ? { depository: target.depository, boId: target.bo_id } : null,
    preCheck,
  };
  const row = await db.transaction(async (tx) => {
    const created = await repo.insert(tx, {
      applicantId,
      kind: 'closure',
      status: 'draft',
      payloadEnc: deps.cipher.encryptJson(payload),
      ruleSet: ruleSetOn(indianDay(new Date(deps.now()))).id,
    });
    await repo.audit(
      tx,
      applicantId,
      'service_request.drafted',
      {
        request: created.id,
        kind: 'closure',
        reason,
        transfer_to: payload.target && { depository: payload.target.depository, last4: payload.target.boId.slice(-4) },
        holdings: preCheck.holdings.length,
        ledger_balance: preCheck.ledger_balance,
      },
      { kind: 'applicant', id: applicantId },
    );
    return created;
  });
  return ok('closureRequestSaved', {
    request: requestView(deps, row, sessionId),
    pre_check: preCheck,
  });
}
