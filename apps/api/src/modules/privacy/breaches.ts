/**
 * Personal-data breaches (DPDP Act 2023 s.8(6); DPDP Rules 2025 r.7): an admin records what
 * happened, when, which data and whose; the system lists the applicants affected with their
 * contacts (decrypted, for an admin only, each listing on the audit log) so that each can be told,
 * and shows when the detailed report to the Data Protection Board is due (72 hours).
 */
import {
  BREACH_REPORT_HOURS,
  type Breach,
  type BreachAffected,
  type BreachDataClass,
  type RecordBreachRequest,
} from '@ekyc/contracts/calls/backoffice-privacy';
import type { PrivacyDeps } from './deps.ts';
import { AppError } from '../../lib/errors.ts';
import { type BreachRow, retentionRepository as repo } from './retention.repository.ts';

type Deps = Pick<PrivacyDeps, 'database' | 'cipher' | 'now'>;

function breachView(row: BreachRow): Breach {
  return {
    id: row.id,
    occurred_from: row.occurredFrom.toISOString(),
    occurred_to: row.occurredTo.toISOString(),
    detected_at: row.detectedAt.toISOString(),
    board_report_due: new Date(row.detectedAt.getTime() + BREACH_REPORT_HOURS * 3_600_000).toISOString(),
    board_notified_at: row.boardNotifiedAt?.toISOString() ?? null,
    description: row.description,
    data_classes: row.dataClasses as BreachDataClass[],
    selection: row.selection,
    recorded_by: row.recordedBy,
    recorded_at: row.recordedAt.toISOString(),
  };
}

export async function recordBreach(deps: Deps, staffId: string, input: RecordBreachRequest): Promise<Breach> {
  const row = await deps.database.db.transaction(async (tx) => {
    const added = await repo.addBreach(tx, {
      occurredFrom: new Date(input.occurred_from),
      occurredTo: new Date(input.occurred_to),
      detectedAt: new Date(input.detected_at),
      description: input.description.trim(),
      dataClasses: input.data_classes,
      selection: input.selection,
      recordedBy: staffId,
      recordedAt: new Date(deps.now()),
    });
    await repo.audit(tx, null, staffId, 'breach.recorded', {
      breach_id: added.id,
      data_classes: added.dataClasses,
      selection: added.selection.kind,
    });
    return added;
  });
  return breachView(row);
}

export async function listBreaches(deps: Deps): Promise<{ breaches: Breach[] }> {
  return { breaches: (await repo.breaches(deps.database.db)).map(breachView) };
}

async function breachOf(deps: Deps, id: string): Promise<BreachRow> {
  const row = await repo.breach(deps.database.db, id);
  if (!row) throw new AppError('NOT_FOUND', 'Breach not found');
  return row;
}

/** The applicants to tell, with their contacts; who listed them, and how many, goes on the audit log. */
export async function breachAffected(deps: Deps, staffId: string, id: string): Promise<BreachAffected> {
  const breach = await breachOf(deps, id);
  const rows = await repo.affected(deps.database.db, breach);
  await repo.audit(deps.database.db, null, staffId, 'breach.contacts_viewed', { breach_id: id, count: rows.length });
  return {
    breach_id: id,
    count: rows.length,
    applicants: rows.map((r) => ({
      applicant_id: r.id,
      mobile: deps.cipher.decrypt(r.mobileEnc),
      email: r.emailEnc ? deps.cipher.decrypt(r.emailEnc) : null,
      language: r.language,
      created_at: r.createdAt.toISOString(),
    })),
  };
}

/** Records that the Board was told (once). */
export async function markBoardNotified(deps: Deps, staffId: string, id: string): Promise<Breach> {
  await breachOf(deps, id);
  const at = new Date(deps.now());
  const row = await deps.database.db.transaction(async (tx) => {
    const updated = await repo.setBoardNotified(tx, id, at);
    if (!updated) throw new AppError('CONFLICT', 'The Board was already notified of this breach.');
    await repo.audit(tx, null, staffId, 'breach.board_notified', { breach_id: id, at: at.toISOString() });
    return updated;
  });
  return breachView(row);
}
