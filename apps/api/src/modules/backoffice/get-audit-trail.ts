/** An application's audit trail, oldest first, with the result of re-checking its hash chain. */
import type { AuditData } from '@ekyc/contracts/calls/backoffice-audit';
import type { BackofficeDeps } from './deps.ts';
import { auditRepository as auditRepo } from './audit.repository.ts';
import { staffRepository as staffRepo } from './staff.repository.ts';

export async function getAuditTrail(deps: Pick<BackofficeDeps, 'database'>, chain: string): Promise<AuditData> {
  const db = deps.database.db;
  const rows = await auditRepo.auditChain(db, chain);
  const staff = await staffRepo.listStaff(db);
  const staffNames = new Map(staff.map((s) => [s.id, s.email]));
  const byId = new Map(staff.map((s) => [s.id, s]));
  const broken = rows.find((r) => !r.ok);
  return {
    entries: rows.map((r) => ({
      id: r.id,
      at: r.at.toISOString(),
      actor_kind: r.actorKind,
      actor: r.actorKind === 'staff' ? (staffNames.get(r.actorId ?? '') ?? r.actorId) : r.actorKind,
      actor_name: r.actorKind === 'staff' ? (byId.get(r.actorId ?? '')?.name ?? null) : null,
      actor_role: r.actorKind === 'staff' ? (byId.get(r.actorId ?? '')?.role ?? null) : null,
      action: r.action,
      stage: r.stage,
      before: r.before,
      after: r.after,
      hash: r.hash,
    })),
    chain: { valid: !broken, checked: rows.length, broken_at: broken?.id ?? null },
    staff_names: Object.fromEntries(staff.map((s) => [s.id, s.name])),
  };
}
