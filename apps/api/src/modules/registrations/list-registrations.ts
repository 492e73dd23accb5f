/** The back office's view of one application's registrations: status, reference, attempts, last error, deadline. */
import type { RegistrationEntry } from '@ekyc/contracts/calls/backoffice-registrations';
import type { RegistrationsDeps } from './deps.ts';
import { AppError } from '../../lib/errors.ts';
import { DEADLINE_RULE } from './deadlines.ts';
import { type RegistrationRow, registrationsRepository as repo } from './registrations.repository.ts';
import { isUuid } from '../../lib/uuid.ts';

export const entryOf = (r: RegistrationRow, now: number): RegistrationEntry => ({
  kind: r.kind,
  status: r.status,
  reference: r.reference,
  attempts: r.attempts,
  last_error: r.lastError,
  updated_at: r.updatedAt.toISOString(),
  deadline_at: r.deadlineAt?.toISOString() ?? null,
  deadline_rule: DEADLINE_RULE[r.kind],
  late: r.status !== 'accepted' && r.deadlineAt !== null && r.deadlineAt.getTime() < now,
  flagged: r.flaggedAt !== null,
});

export async function listRegistrations(deps: Pick<RegistrationsDeps, 'database' | 'now'>, applicantId: string) {
  if (!isUuid(applicantId)) throw new AppError('NOT_FOUND');
  const rows = await repo.list(deps.database.db, applicantId);
  return rows.map((r) => entryOf(r, deps.now()));
}
