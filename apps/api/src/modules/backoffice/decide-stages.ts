/**
 * A reviewer accepts or rejects stages of a finished application. A rejected stage becomes the
 * applicant's current stage (they rework it; the status screen offers Retry); when every stage is
 * accepted the application waits for a checker's confirmation (confirm-approval.ts), which starts
 * the registrations that make it Completed. review_obj follows, the applicant is told by SMS and
 * email of a rejection, and the profile socket carries each change live. An Accept of the segment
 * stage may hold derivatives back pending their proof (decisions/segment-holds.ts).
 */
import type { DecisionBody } from '@ekyc/contracts/calls/backoffice-application';
import { mayMove } from '@ekyc/contracts/lifecycle';
import { MSG } from '@ekyc/contracts/messages';
import { encodeReason } from '@ekyc/contracts/review-reasons';
import { isStageCode, STAGES } from '@ekyc/contracts/stages';
import type { BackofficeDeps } from './deps.ts';
import { AppError } from '../../lib/errors.ts';
import { standingOrNotFound } from './approval.ts';
import type { StaffRow } from './staff.repository.ts';
import { endClaim, holdForDecision } from './claims.ts';
import { acceptOverrides } from './decisions/accept-overrides.ts';
import { segmentHoldsOf, writeSegmentHolds } from './decisions/segment-holds.ts';
import { writeNote } from './notes/staff-notes.ts';
import { notifyRejection } from './notify-applicant.ts';
import { currentReason } from './reasons/reason-catalogue.ts';
import { setReview } from '../../records/review.ts';

type Deps = Pick<BackofficeDeps, 'database' | 'records' | 'messaging' | 'config' | 'cipher'>;

const stageName = (stage: number) => (isStageCode(stage) ? STAGES[stage].name : String(stage));

export async function decideStages(
  deps: Deps,
  staff: StaffRow,
  applicantId: string,
  decisions: DecisionBody['decisions'],
  handover?: string,
): Promise<{ status: string; client_code: string | null; awaiting_confirmation: boolean }> {
  const db = deps.database.db;
  await standingOrNotFound(db, applicantId);
  // each coded reason's current version (reasons table), stored with the stage so the applicant
  // keeps the text they were sent
  const stored = new Map<number, string>();
  for (const d of decisions) {
    if (d.activity !== 'Reject') continue;
    const version = d.code ? (await currentReason(db, 'decisions', d.code, 'send_back', d.stage)).version : undefined;
    stored.set(d.stage, encodeReason(d.code, d.reason, version));
  }
  // partial approval: the derivatives segments held back pending their proof (null: not decided here)
  const holds = await segmentHoldsOf(deps, applicantId, decisions);

  const outcome = await db.transaction(async (tx) => {
    // the standing read under the applicant's row: a checker's approval committed a moment ago is
    // seen here, and no decision lands on an approved application
    const standing = await holdForDecision(deps, tx, staff, applicantId);
    if (!mayMove(standing.status, 'decide'))
      throw new AppError('CONFLICT', 'This application is not waiting for a decision.', { status: standing.status });
    const list = await deps.records.kycList(applicantId, tx);
    const overrides = await acceptOverrides(
      deps,
      tx,
      applicantId,
      decisions,
      new Map(list.map((s) => [s.stage, s.adminActivity])),
    );
    // a stage named twice takes its last decision, as when each was written in turn
    const changed = [...new Map(decisions.map((d) => [d.stage, d])).values()].filter((d) => {
      const entry = list.find((s) => s.stage === d.stage);
      // A stage sent back is the applicant's to rework; the current (unfinished) stage has no decision yet.
      if (!entry || (entry.adminActivity !== 'Pending' && entry.adminActivity !== 'Accept'))
        throw new AppError('CONFLICT', `The ${stageName(d.stage)} stage is not waiting for a decision.`, {
          stage: d.stage,
        });
      return entry.adminActivity !== d.activity;
    });
    // written together (the row is held already); the change is announced after the commit
    await deps.records.setAdminActivities(
      applicantId,
      changed.map((d) => ({
        stage: d.stage,
        activity: d.activity,
        reason: d.activity === 'Reject' ? (stored.get(d.stage) ?? null) : null,
      })),
      tx,
    );
    if (holds) await writeSegmentHolds(tx, staff.id, applicantId, holds);
    for (const o of overrides) await writeNote(deps, tx, staff.id, applicantId, 'override', o.note, o.stage);
    const after = await deps.records.kycList(applicantId, tx);
    const rejected = after.filter((s) => s.adminActivity === 'Reject').map((s) => s.stage);
    if (rejected.length) {
      // the applicant reworks the earliest stage sent back first, whatever order the decisions came in
      await deps.records.makeCurrent(applicantId, Math.min(...rejected), tx);
      await setReview(deps, tx, staff.id, applicantId, { status: 'Rejected', text: MSG.statusRejected }, 'decide');
      return { rejected: true, accepted: false };
    }
    await setReview(deps, tx, staff.id, applicantId, { status: 'Pending', text: MSG.statusUnderReview }, 'decide');
    // Every stage accepted: the application waits for a checker to confirm the approval.
    const accepted =
      after.some((s) => s.stage === 220) && after.every((s) => s.stage === 220 || s.adminActivity === 'Accept');
    // the hand-over to the checker (the checker's queue shows its note; an empty one ends a return)
    if (accepted) await writeNote(deps, tx, staff.id, applicantId, 'handover', handover ?? '');
    return { rejected: false, accepted };
  });
  await deps.records.notifyChanged(applicantId);

  if (outcome.rejected) {
    await endClaim(deps, applicantId);
    const newlyRejected = decisions.filter((d) => d.activity === 'Reject');
    if (newlyRejected.length)
      await notifyRejection(
        deps,
        applicantId,
        newlyRejected.map((d) => ({ stage: d.stage, reason: stored.get(d.stage) ?? '' })),
      );
    return { status: 'Rejected', client_code: null, awaiting_confirmation: false };
  }
  // Waiting for a checker: the maker's hold ends so a colleague can pick it up.
  if (outcome.accepted) await endClaim(deps, applicantId);
  return { status: 'Pending', client_code: null, awaiting_confirmation: outcome.accepted };
}
