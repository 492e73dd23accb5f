/**
 * Escalation holds: a reviewer, checker or supervisor puts an application on hold with a coded
 * reason and a note, and any of them releases it with a note; both audited (the reason, never the
 * note, whose sealed text stays in review_holds). A held application is flagged in the queue, and
 * the reports leave its held time out of the team's turnaround and SLA breaches. A finished
 * (Completed) or closed application is not held: there is no clock left to stop.
 */
import type { HoldBody, HoldReason, HoldsData, ReleaseHoldBody } from '@ekyc/contracts/calls/backoffice-holds';
import type { BackofficeDeps } from '../deps.ts';
import { AppError } from '../../../lib/errors.ts';
import { standingOrNotFound } from '../approval.ts';
import { auditRepository as audit } from '../audit.repository.ts';
import { operationsRepository as ops } from '../operations.repository.ts';
import type { StaffRow } from '../staff.repository.ts';
import { type HoldRow, holdsRepository as holds } from './holds.repository.ts';

type Deps = Pick<BackofficeDeps, 'database' | 'cipher'>;

const view = (deps: Deps, h: HoldRow): HoldsData['holds'][number] => ({
  reason_code: h.reasonCode as HoldReason,
  note: deps.cipher.decrypt(h.noteEnc),
  held_by: { staff_id: h.heldBy, name: h.heldByName },
  held_at: h.heldAt.toISOString(),
  released_by: h.releasedBy ? { staff_id: h.releasedBy, name: h.releasedByName ?? '' } : null,
  released_at: h.releasedAt?.toISOString() ?? null,
  release_note: h.releaseNoteEnc === null ? null : deps.cipher.decrypt(h.releaseNoteEnc),
});

export async function listHolds(deps: Deps, applicantId: string): Promise<HoldsData> {
  await standingOrNotFound(deps.database.db, applicantId);
  const list = (await holds.list(deps.database.db, applicantId)).map((h) => view(deps, h));
  return { current: list.find((h) => h.released_at === null) ?? null, holds: list };
}

export async function holdApplication(
  deps: Deps,
  staff: StaffRow,
  applicantId: string,
  body: HoldBody,
): Promise<HoldsData> {
  const db = deps.database.db;
  const standing = await standingOrNotFound(db, applicantId);
  if (standing.status === 'Completed' || standing.status === 'Closed')
    throw new AppError('CONFLICT', 'A completed or closed application is not put on hold.');
  await db.transaction(async (tx) => {
    await ops.lockClaim(tx, applicantId);
    const open = await holds.openOf(tx, applicantId);
    if (open) throw new AppError('CONFLICT', `${open.heldByName} put this application on hold already.`);
    await holds.open(tx, {
      applicantId,
      reasonCode: body.reason_code,
      noteEnc: deps.cipher.encrypt(body.note),
      staffId: staff.id,
    });
    await audit.appendAudit(tx, {
      chain: applicantId,
      applicantId,
      actorKind: 'staff',
      actorId: staff.id,
      action: 'application.held',
      after: { reason_code: body.reason_code },
    });
  });
  return listHolds(deps, applicantId);
}

export async function releaseHold(
  deps: Deps,
  staff: StaffRow,
  applicantId: string,
  body: ReleaseHoldBody,
): Promise<HoldsData> {
  const db = deps.database.db;
  await standingOrNotFound(db, applicantId);
  await db.transaction(async (tx) => {
    await ops.lockClaim(tx, applicantId);
    const open = await holds.openOf(tx, applicantId);
    if (!open) throw new AppError('CONFLICT', 'This application is not on hold.');
    await holds.release(tx, open.id, staff.id, deps.cipher.encrypt(body.note));
    await audit.appendAudit(tx, {
      chain: applicantId,
      applicantId,
      actorKind: 'staff',
      actorId: staff.id,
      action: 'application.hold_released',
      before: { reason_code: open.reasonCode, held_at: open.heldAt.toISOString() },
    });
  });
  return listHolds(deps, applicantId);
}
