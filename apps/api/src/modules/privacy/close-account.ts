/**
 * close-account (admin): the client's account is closed on a given day (after the broker's own
 * closure checks, outside this system). The day starts every retention hold (retention.ts): the
 * parts of each class are erased when its hold ends and the record when the longest ends, whether
 * or not the client asked; what no rule keeps is erased now. Audited on the applicant's trail.
 */
import type { AccountClosure, CloseAccountRequest } from '@ekyc/contracts/calls/backoffice-privacy';
import { indianDay } from '@ekyc/contracts/regulation';
import { retentionItemOf, retentionOn } from '@ekyc/contracts/retention';
import type { PrivacyDeps } from './deps.ts';
import { AppError, invalidField } from '../../lib/errors.ts';
import { isSigned } from '../../records/signed.ts';
import { holdOf, minimise } from './retention.ts';
import { retentionRepository as repo } from './retention.repository.ts';

type Deps = Pick<PrivacyDeps, 'database' | 'records' | 'consents' | 'files' | 'messaging' | 'config' | 'now'>;

export async function closeAccount(
  deps: Deps,
  staffId: string,
  applicantId: string,
  input: CloseAccountRequest,
): Promise<AccountClosure> {
  const now = new Date(deps.now());
  // the day is the broker's business day (India)
  const closedAt = new Date(`${input.closed_on}T00:00:00+05:30`);
  if (Number.isNaN(closedAt.getTime())) throw invalidField('closed_on', 'Enter the closure date as YYYY-MM-DD.');
  if (input.closed_on > indianDay(now)) throw invalidField('closed_on', 'The closure date cannot be in the future.');
  const applicant = await deps.records.get(applicantId).catch(() => {
    throw new AppError('NOT_FOUND', 'Application not found');
  });
  if (!(await isSigned(deps, applicantId)))
    throw new AppError(
      'CONFLICT',
      'Only a signed application has an account to close; an unsigned one is erased on request or when abandoned.',
    );
  const hold = holdOf(Boolean(applicant.clientCode), closedAt, now);
  const until = hold.until!;
  const row = await deps.database.db.transaction(async (tx) => {
    const closed = await deps.consents.close(tx, {
      applicantId,
      closedAt,
      reason: input.reason.trim(),
      closedBy: staffId,
    });
    if (!closed) throw new AppError('CONFLICT', 'This account is already closed.');
    // a request made while the account was open now has its end
    await deps.consents.startHold(tx, applicantId, until, hold.reason);
    await repo.audit(tx, applicantId, staffId, 'account.closed', {
      closed_on: input.closed_on,
      reason: closed.reason,
      erase_on: indianDay(until),
      kept: hold.keptClasses,
    });
    return closed;
  });
  // the relationship has ended: the record is erased when the hold ends, asked for or not
  const erasure = await deps.consents.erasure(applicantId);
  if (!erasure)
    await deps.consents.requestErasure(applicantId, hold, now, {
      language: applicant.language,
      source: 'account-closure',
    });
  if (!erasure?.minimisedAt) await minimise(deps, applicantId, now);
  const rules = retentionOn(indianDay(closedAt));
  return {
    applicant_id: applicantId,
    closed_at: row.closedAt.toISOString(),
    reason: row.reason,
    closed_by: row.closedBy,
    erase_on: indianDay(until),
    kept: hold.keptClasses.map((c) => retentionItemOf(rules[c])),
  };
}
