/** The queue of approved applications whose client cannot trade yet, with their ages and what holds them. */
import type { NotTradableEntry } from '@ekyc/contracts/calls/backoffice-registrations';
import type { RegistrationsDeps } from './deps.ts';
import { documentsDeadline } from './deadlines.ts';
import { entryOf } from './list-registrations.ts';
import { registrationsRepository as repo } from './registrations.repository.ts';

export async function listNotTradable(deps: Pick<RegistrationsDeps, 'database' | 'now'>): Promise<NotTradableEntry[]> {
  const now = deps.now();
  return (await repo.notTradable(deps.database.db)).map(({ c, registrations }) => {
    const entries = registrations.map((r) => entryOf(r, now));
    const open = entries.filter((e) => e.status !== 'accepted');
    const docsDue = documentsDeadline(c.approvedAt);
    return {
      id: c.applicantId,
      client_code: c.clientCode,
      approved_at: c.approvedAt.toISOString(),
      age_hours: Math.round(((now - c.approvedAt.getTime()) / 3_600_000) * 10) / 10,
      waiting: open.map((e) => ({ kind: e.kind, status: e.status })),
      needs_action: open.some((e) => e.status === 'rejected' || e.status === 'on_hold' || e.flagged || e.late),
      late: open.some((e) => e.late) || docsDue.getTime() < now,
      documents_due_at: docsDue.toISOString(),
    };
  });
}
