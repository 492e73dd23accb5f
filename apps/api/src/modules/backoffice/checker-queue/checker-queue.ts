/**
 * The checker's queue: the applications waiting for a confirmation, oldest
 * first, each with its makers, the maker's note and whether the viewer may confirm it (four eyes);
 * the next one the viewer may take; bulk confirmation, each application confirmed on its own (its
 * own transaction, four-eyed and audited as a single confirmation); and the return to the maker.
 */
import type { AwaitingData, BulkConfirmData } from '@ekyc/contracts/calls/backoffice-checker-queue';
import { mayMove } from '@ekyc/contracts/lifecycle';
import type { BackofficeDeps } from '../deps.ts';
import { AppError } from '../../../lib/errors.ts';
import { allStagesAccepted, makersOf, mayConfirm } from '../approval.ts';
import { auditRepository as repo } from '../audit.repository.ts';
import type { StaffRow } from '../staff.repository.ts';
import { holdForDecision, isCurrent } from '../claims.ts';
import { confirmApproval } from '../confirm-approval.ts';
import { maskMobile } from '../mask.ts';
import { notesRepository as notes } from '../notes/notes.repository.ts';
import { writeNote } from '../notes/staff-notes.ts';
import { operationsRepository as ops } from '../operations.repository.ts';
import { awaitingRepository as awaiting } from './awaiting.repository.ts';
import { segmentHoldsRepository } from '../../../records/segment-holds.repository.ts';

const PAGE_SIZE = 20;

type ListDeps = Pick<BackofficeDeps, 'database' | 'records' | 'cipher' | 'config'>;

export async function listAwaiting(deps: ListDeps, viewer: StaffRow, page: number): Promise<AwaitingData> {
  const db = deps.database.db;
  const { rows, total } = await awaiting.list(
    db,
    deps.config.backoffice.claimIdleMinutes,
    PAGE_SIZE,
    (page - 1) * PAGE_SIZE,
  );
  const handoffs = await notes.latestHandoffs(
    db,
    rows.map((r) => r.id),
  );
  const makers = new Map(await Promise.all(rows.map(async (r) => [r.id, await makersOf(db, r.id)] as const)));
  const names = await awaiting.staffNames(db, [...new Set([...makers.values()].flat())]);
  const items = await Promise.all(
    rows.map(async (r) => {
      const pan = await deps.records.getSection(r.id, 'pan_obj');
      const handover = handoffs.get(r.id);
      const note = handover?.kind === 'handover' ? deps.cipher.decrypt(handover.noteEnc) : '';
      const ids = makers.get(r.id) ?? [];
      return {
        id: r.id,
        mobile: maskMobile(deps.cipher.decrypt(r.mobileEnc)),
        name: pan?.full_name ?? pan?.name_on_card ?? null,
        waiting_since: r.since.toISOString(),
        makers: ids.map((id) => names.get(id) ?? id),
        note: note || null,
        can_confirm: mayConfirm(deps.config.fourEyes, ids, viewer),
        held_segments: (await segmentHoldsRepository.list(db, r.id)).map((h) => h.segment),
        claim: r.claimStaffId ? { staff_id: r.claimStaffId, name: r.claimStaffName ?? '' } : null,
      };
    }),
  );
  return { items, total };
}

/**
 * The oldest application the viewer may confirm that no colleague holds, after `after` in the
 * queue's order (a checker who skips two applications is not sent back and forth between them);
 * past the end, or when `after` has left the queue (confirmed meanwhile), the oldest again.
 */
export async function nextAwaiting(deps: ListDeps, viewer: StaffRow, after: string | null): Promise<string | null> {
  let passed = after === null;
  let first: string | null = null;
  for (let page = 1; page <= 50; page++) {
    const { items } = await listAwaiting(deps, viewer, page);
    for (const i of items) {
      if (i.id === after) {
        passed = true;
        continue;
      }
      if (!i.can_confirm || (i.claim && i.claim.staff_id !== viewer.id)) continue;
      if (passed) return i.id;
      first ??= i.id;
    }
    if (items.length < PAGE_SIZE) break;
  }
  return first;
}

type ConfirmDeps = Parameters<typeof confirmApproval>[0];

export async function bulkConfirm(
  deps: ConfirmDeps,
  staff: StaffRow,
  ids: string[],
): Promise<BulkConfirmData['results']> {
  const out: BulkConfirmData['results'] = [];
  for (const id of [...new Set(ids)]) {
    if (!(await awaiting.isAwaiting(deps.database.db, id))) {
      out.push({ id, outcome: 'skipped', reason: 'Not waiting for a confirmation' });
      continue;
    }
    try {
      await confirmApproval(deps, staff, id);
      out.push({ id, outcome: 'confirmed', reason: null });
    } catch (err) {
      if (!(err instanceof AppError)) throw err;
      out.push({ id, outcome: 'skipped', reason: err.message });
    }
  }
  return out;
}

/**
 * The checker hands the application back to its maker with a note: it leaves the checker's queue,
 * the maker holds it again, and it returns to the checker's queue when the maker decides again.
 */
export async function returnToMaker(
  deps: Pick<BackofficeDeps, 'database' | 'records' | 'config' | 'cipher'>,
  staff: StaffRow,
  applicantId: string,
  note: string,
): Promise<{ status: string; returned_to: string | null }> {
  const db = deps.database.db;
  const returnedTo = await db.transaction(async (tx) => {
    const standing = await holdForDecision(deps, tx, staff, applicantId);
    if (!mayMove(standing.status, 'return-to-maker') || !(await allStagesAccepted(deps, applicantId, tx)))
      throw new AppError('CONFLICT', 'This application is not waiting for a confirmation.', {
        status: standing.status,
      });
    if (await awaiting.isReturned(tx, applicantId))
      throw new AppError('CONFLICT', 'This application is already back with its maker.');
    const makers = await makersOf(tx, applicantId);
    if (!mayConfirm(deps.config.fourEyes, makers, staff))
      throw new AppError('FORBIDDEN', 'Four eyes: the checker returns an application, not its maker.', {
        four_eyes: true,
      });
    const handover = (await notes.latestHandoffs(tx, [applicantId])).get(applicantId);
    const maker = handover?.kind === 'handover' ? handover.staffId : (makers[0] ?? null);
    await writeNote(deps, tx, staff.id, applicantId, 'return', note);
    await repo.appendAudit(tx, {
      chain: applicantId,
      applicantId,
      actorKind: 'staff',
      actorId: staff.id,
      action: 'application.returned_to_maker',
      after: { staff_id: maker },
    });
    // the maker holds it again, so the next-application of colleagues passes it by
    if (maker) await ops.putClaim(tx, applicantId, maker, staff.id);
    else await ops.dropClaim(tx, applicantId);
    return maker;
  });
  const claim = await ops.claimOf(db, applicantId);
  return {
    status: 'Pending',
    returned_to: returnedTo && isCurrent(deps, claim) ? claim.staffName : null,
  };
}
