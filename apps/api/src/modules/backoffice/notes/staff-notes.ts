/**
 * Staff notes on an application: the maker's hand-over to the checker,
 * the checker's return to the maker, the reason for accepting against a failed or not-run check,
 * internal notes, and the words of a closure or a reopening. Sealed at rest; audited by kind only,
 * never by text; never shown to the applicant.
 */
import type { NoteKind, StaffNote } from '@ekyc/contracts/calls/backoffice-checker-queue';
import type { BackofficeDeps } from '../deps.ts';
import type { Tx } from '../../../db/client.ts';
import { standingOrNotFound } from '../approval.ts';
import { auditRepository as repo } from '../audit.repository.ts';
import type { StaffRow } from '../staff.repository.ts';
import { notesRepository as notes } from './notes.repository.ts';

type Deps = Pick<BackofficeDeps, 'database' | 'cipher'>;

/** Writes a note in the caller's transaction, with an audit entry naming its kind. */
export async function writeNote(
  deps: Pick<BackofficeDeps, 'cipher'>,
  tx: Tx,
  staffId: string,
  applicantId: string,
  kind: NoteKind,
  text: string,
  stage: number | null = null,
): Promise<void> {
  await notes.add(tx, { applicantId, kind, stage, staffId, noteEnc: deps.cipher.encrypt(text) });
  await repo.appendAudit(tx, {
    chain: applicantId,
    applicantId,
    actorKind: 'staff',
    actorId: staffId,
    action: 'note.added',
    stage,
    after: { kind },
  });
}

export async function listNotes(deps: Deps, applicantId: string): Promise<StaffNote[]> {
  const db = deps.database.db;
  await standingOrNotFound(db, applicantId);
  return (await notes.list(db, applicantId))
    .filter((n) => n.kind !== 'handover' || deps.cipher.decrypt(n.noteEnc) !== '')
    .map((n) => ({
      kind: n.kind,
      stage: n.stage,
      note: deps.cipher.decrypt(n.noteEnc),
      staff_name: n.staffName,
      at: n.createdAt.toISOString(),
    }));
}

/** An internal note (not shown to the applicant), by any reviewer. */
export async function addInternalNote(deps: Deps, staff: StaffRow, applicantId: string, text: string) {
  const db = deps.database.db;
  await standingOrNotFound(db, applicantId);
  await db.transaction((tx) => writeNote(deps, tx, staff.id, applicantId, 'internal', text));
  return listNotes(deps, applicantId);
}
