/**
 * Partial approval: the maker accepts the segment stage with some chosen derivatives segments held
 * back until the client's income proof arrives. The rules: only with an Accept of the segment stage;
 * only a segment the applicant chose; only one that needs a financial proof (a derivative); and at
 * least one chosen segment stays active (holding all of them is a send-back, not an approval).
 * The holds are written and audited in the decision's transaction; the checker sees them, and the
 * confirmation opens the registrations without them.
 */
import type { DecisionBody } from '@ekyc/contracts/calls/backoffice-application';
import { SEGMENTS } from '@ekyc/contracts/enums';
import { activeSegments, mayHoldSegment, type SegmentHoldReason } from '@ekyc/contracts/segment-holds';
import { STAGE } from '@ekyc/contracts/stages';
import type { BackofficeDeps } from '../deps.ts';
import type { Tx } from '../../../db/client.ts';
import { invalidField } from '../../../lib/errors.ts';
import { auditRepository } from '../audit.repository.ts';
import { segmentHoldsRepository } from '../../../records/segment-holds.repository.ts';

export type HeldSegments = { code: string; reason: SegmentHoldReason }[];

const nameOf = (code: string) => SEGMENTS.find((s) => s.code === code)?.name ?? code;

/** The segment codes the applicant chose (segment_obj). */
export async function chosenSegments(deps: Pick<BackofficeDeps, 'records'>, applicantId: string): Promise<string[]> {
  const list = (await deps.records.allSections(applicantId)).segment_obj?.segment_list ?? [];
  return list.map((s) => (typeof s === 'string' ? s : s.code)).filter(Boolean);
}

/**
 * The holds this call sets: null when it decides nothing on the segment stage (the holds stay as
 * they are), [] when it accepts or sends back the stage without holds. 400 naming `decisions` when
 * a rule is broken.
 */
export async function segmentHoldsOf(
  deps: Pick<BackofficeDeps, 'records'>,
  applicantId: string,
  decisions: DecisionBody['decisions'],
): Promise<HeldSegments | null> {
  for (const d of decisions)
    if (d.held_segments?.length && (d.stage !== STAGE.SEGMENT || d.activity !== 'Accept'))
      throw invalidField('decisions', 'Segments can be held back only with an Accept of the Segment stage.', {
        stage: d.stage,
      });
  // a stage named twice takes its last decision
  const decision = decisions.filter((d) => d.stage === STAGE.SEGMENT).at(-1);
  if (!decision) return null;
  const held = decision.activity === 'Accept' ? (decision.held_segments ?? []) : [];
  if (!held.length) return [];
  const codes = held.map((h) => h.code);
  if (new Set(codes).size !== codes.length)
    throw invalidField('decisions', 'A segment is named twice among the held segments.', { stage: STAGE.SEGMENT });
  const chosen = await chosenSegments(deps, applicantId);
  const notChosen = codes.filter((c) => !chosen.includes(c));
  if (notChosen.length)
    throw invalidField('decisions', `The applicant did not choose ${notChosen.map(nameOf).join(', ')}.`, {
      stage: STAGE.SEGMENT,
      segments: notChosen,
    });
  const noProof = codes.filter((c) => !mayHoldSegment(c));
  if (noProof.length)
    throw invalidField(
      'decisions',
      `Only a derivatives segment waits for an income proof: ${noProof.map(nameOf).join(', ')} cannot be held.`,
      { stage: STAGE.SEGMENT, segments: noProof },
    );
  if (!activeSegments(chosen, codes).length)
    throw invalidField('decisions', 'Every chosen segment would be held: send the Segment stage back instead.', {
      stage: STAGE.SEGMENT,
    });
  return held.map((h) => ({ code: h.code, reason: h.reason }));
}

/** Writes the holds in the decision's transaction and audits a change (who held what, and why). */
export async function writeSegmentHolds(
  tx: Tx,
  staffId: string,
  applicantId: string,
  holds: HeldSegments,
): Promise<void> {
  const before = (await segmentHoldsRepository.list(tx, applicantId)).map((h) => ({
    code: h.segment,
    reason: h.reasonCode,
  }));
  const key = (list: HeldSegments) => JSON.stringify([...list].sort((a, b) => a.code.localeCompare(b.code)));
  if (key(before) === key(holds)) return;
  await segmentHoldsRepository.replace(tx, applicantId, staffId, holds);
  await auditRepository.appendAudit(tx, {
    chain: applicantId,
    applicantId,
    actorKind: 'staff',
    actorId: staffId,
    action: 'segments.held',
    stage: STAGE.SEGMENT,
    before: { held: before },
    after: { held: holds },
  });
}
