/**
 * A supervisor (or an administrator) records a client's demise (the KRAs share it; or the family
 * tells the broker) with a note. The flag stops what the rule set in force that day names
 * (`deceasedStops`: the registrations take no further step, the approval is refused, the client
 * area refuses sign-in with a clear message); the client's sessions end at once. Audited, once.
 */
import { indianDay, ruleSetOn } from '@ekyc/contracts/regulation';
import type { BackofficeDeps } from '../deps.ts';
import { AppError } from '../../../lib/errors.ts';
import { screeningRepository as screening } from '../../../records/screening.repository.ts';
import { standingOrNotFound } from '../approval.ts';
import { auditRepository as audit } from '../audit.repository.ts';
import { writeNote } from '../notes/staff-notes.ts';
import type { StaffRow } from '../staff.repository.ts';

type Deps = Pick<BackofficeDeps, 'database' | 'records' | 'cipher' | 'sessions' | 'now'>;

export async function markDeceased(
  deps: Deps,
  staff: StaffRow,
  applicantId: string,
  note: string,
): Promise<{ marked_at: string; stops: string[] }> {
  const db = deps.database.db;
  await standingOrNotFound(db, applicantId);
  const at = new Date(deps.now());
  const stops = [...ruleSetOn(indianDay(at)).values.deceasedStops];
  await db.transaction(async (tx) => {
    await audit.actAs(tx, staff.id);
    await deps.records.lock(applicantId, tx);
    if (!(await screening.markDeceased(tx, applicantId, { markedBy: staff.id, markedAt: at, stops })))
      throw new AppError('CONFLICT', 'This client is recorded as deceased already.');
    await writeNote(deps, tx, staff.id, applicantId, 'internal', note);
    await audit.appendAudit(tx, {
      chain: applicantId,
      applicantId,
      actorKind: 'staff',
      actorId: staff.id,
      action: 'application.deceased',
      after: { stops },
    });
  });
  if (stops.includes('client_area')) await deps.sessions.revokeAll('client', applicantId);
  await deps.records.notifyChanged(applicantId);
  return { marked_at: at.toISOString(), stops };
}
