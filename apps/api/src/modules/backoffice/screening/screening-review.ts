/**
 * The screening hits of an application in the back office: each with the matched entry as the
 * list gave it; a reviewer clears one (not the listed person) or confirms it (the listed person:
 * the approval stays refused and the application is closed with a reason) with a note. Each
 * resolution is audited (the note sealed, never in the audit entry) and the risk category is
 * assessed again.
 */
import type { RiskAssessmentView, ScreeningHitView } from '@ekyc/contracts/calls/backoffice-screening';
import type { BackofficeDeps } from '../deps.ts';
import { AppError } from '../../../lib/errors.ts';
import { isUuid } from '../../../lib/uuid.ts';
import { ruleSetOf } from '../../../records/rule-set.ts';
import { assessRisk } from '../../../records/screening.ts';
import { screeningRepository as screening } from '../../../records/screening.repository.ts';
import { standingOrNotFound } from '../approval.ts';
import { auditRepository as audit } from '../audit.repository.ts';
import type { StaffRow } from '../staff.repository.ts';

type Deps = Pick<BackofficeDeps, 'database' | 'records' | 'cipher' | 'now'>;

export interface ScreeningView {
  hits: ScreeningHitView[];
  risk: RiskAssessmentView | null;
  deceased: { marked_at: string; marked_by: string } | null;
}

export async function getScreening(deps: Deps, applicantId: string): Promise<ScreeningView> {
  const db = deps.database.db;
  await standingOrNotFound(db, applicantId);
  const [hits, risk, deceased] = await Promise.all([
    screening.hits(db, applicantId),
    screening.risk(db, applicantId),
    screening.deceased(db, applicantId),
  ]);
  return {
    hits: hits.map((h) => ({
      id: h.id,
      entry: h.entry,
      matched_on: h.matchedOn,
      score: h.score,
      found_at_step: h.foundAtStep,
      found_at: h.foundAt.toISOString(),
      status: h.status,
      resolved_by: h.resolvedBy,
      resolved_at: h.resolvedAt?.toISOString() ?? null,
      note: h.noteEnc ? deps.cipher.decrypt(h.noteEnc) : null,
    })),
    risk: risk
      ? {
          category: risk.category,
          factors: risk.factors,
          rule_set: risk.ruleSet,
          assessed_at: risk.assessedAt.toISOString(),
        }
      : null,
    deceased: deceased ? { marked_at: deceased.markedAt.toISOString(), marked_by: deceased.markedBy } : null,
  };
}

export async function resolveHit(
  deps: Deps,
  staff: StaffRow,
  applicantId: string,
  hitId: string,
  outcome: 'cleared' | 'confirmed',
  note: string,
): Promise<ScreeningView> {
  const db = deps.database.db;
  await standingOrNotFound(db, applicantId);
  if (!isUuid(hitId)) throw new AppError('NOT_FOUND', 'No such screening hit for this application.');
  const rules = await ruleSetOf(deps.records, applicantId);
  await db.transaction(async (tx) => {
    await audit.actAs(tx, staff.id);
    const hit = await screening.hit(tx, applicantId, hitId);
    if (!hit) throw new AppError('NOT_FOUND', 'No such screening hit for this application.');
    if (hit.status !== 'open') throw new AppError('CONFLICT', 'This hit was resolved already.', { status: hit.status });
    await screening.resolve(tx, hitId, outcome, staff.id, new Date(deps.now()), deps.cipher.encrypt(note));
    await audit.appendAudit(tx, {
      chain: applicantId,
      applicantId,
      actorKind: 'staff',
      actorId: staff.id,
      action: outcome === 'cleared' ? 'screening.hit_cleared' : 'screening.hit_confirmed',
      before: { status: 'open' },
      after: { status: outcome, list: hit.entry.list, ref: hit.entry.ref, matched_on: hit.matchedOn },
    });
    await assessRisk(deps, applicantId, rules, tx);
  });
  return getScreening(deps, applicantId);
}
