/**
 * The coded reasons as data: the admin's list and edits (each a new version),
 * and the checks a decision makes against the current version. An application keeps the version it
 * was sent with (`[CODE@version]`), so an edit never changes what an applicant already read.
 */
import type { PutReasonBody, Reason, ReasonPurpose } from '@ekyc/contracts/calls/backoffice-reasons';
import { putReasonBodySchema } from '@ekyc/contracts/calls/backoffice-reasons';
import { isStageCode, STAGES } from '@ekyc/contracts/stages';
import type { BackofficeDeps } from '../deps.ts';
import type { Tx } from '../../../db/client.ts';
import { invalidField } from '../../../lib/errors.ts';
import { type ReasonRow, reasonsRepository as reasons } from '../../../records/reasons.repository.ts';
import { auditRepository as repo } from '../audit.repository.ts';
import type { StaffRow } from '../staff.repository.ts';

const stageName = (stage: number) => (isStageCode(stage) ? STAGES[stage].name : String(stage));

const reasonView = (r: ReasonRow): Reason => ({
  code: r.code,
  version: r.version,
  purpose: r.purpose,
  stage: r.stage,
  kind: r.kind,
  texts: r.texts,
  active: r.active,
  changed_at: r.changedAt.toISOString(),
});

export async function listReasons(deps: Pick<BackofficeDeps, 'database'>): Promise<Reason[]> {
  return (await reasons.current(deps.database.db)).map(reasonView);
}

/** An admin's edit: a new version of the reason (or its first); audited with the change. */
export async function putReason(
  deps: Pick<BackofficeDeps, 'database'>,
  admin: StaffRow,
  code: string,
  body: PutReasonBody,
): Promise<Reason> {
  const r = putReasonBodySchema.parse(body);
  return deps.database.db.transaction(async (tx) => {
    const before = await reasons.latest(tx, code);
    const saved = await reasons.add(tx, admin.id, { code, ...r });
    await repo.appendAudit(tx, {
      chain: 'reasons',
      applicantId: null,
      actorKind: 'staff',
      actorId: admin.id,
      action: 'reason.changed',
      before: before ? reasonView(before) : null,
      after: reasonView(saved),
    });
    return reasonView(saved);
  });
}

/**
 * The current version of an active reason for this purpose (and, for a send-back, this stage);
 * 400 naming `field` otherwise.
 */
export async function currentReason(
  tx: Tx,
  field: string,
  code: string,
  purpose: ReasonPurpose,
  stage?: number,
): Promise<ReasonRow> {
  const reason = await reasons.latest(tx, code);
  if (!reason || !reason.active || reason.purpose !== purpose)
    throw invalidField(field, 'Unknown reason code', { code });
  if (stage !== undefined && reason.stage !== stage)
    throw invalidField(field, `This reason sends the applicant back to the ${stageName(reason.stage ?? 0)} stage.`, {
      code,
      stage: reason.stage,
    });
  return reason;
}
