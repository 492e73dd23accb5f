/**
 * Decisions with care: a stage accepted although one of its automated checks
 * failed or was not run needs the maker's note saying why (400 naming `decisions` otherwise); the
 * note is kept for the checker beside the decision.
 */
import type { DecisionBody } from '@ekyc/contracts/calls/backoffice-application';
import { STAGE } from '@ekyc/contracts/stages';
import type { BackofficeDeps } from '../deps.ts';
import type { Tx } from '../../../db/client.ts';
import { invalidField } from '../../../lib/errors.ts';
import { reviewChecks } from '../review-checks.ts';

/** The stage whose evidence each check's section holds. */
const STAGE_OF_SECTION: Record<string, number> = {
  pan_obj: STAGE.PAN,
  bank_obj: STAGE.BANK_AND_SEGMENT,
  livness_obj: STAGE.SELFIE,
  esign_obj: STAGE.ESIGN,
};

const named = (key: string) => key.replace(/_/g, ' ');

/**
 * The accepts of this call that override a failed or not-run check, each with its note; refuses an
 * override without a note. `current` is each stage's decision now (an accept that changes nothing
 * needs no new note).
 */
export async function acceptOverrides(
  deps: Pick<BackofficeDeps, 'records'>,
  tx: Tx,
  applicantId: string,
  decisions: DecisionBody['decisions'],
  current: Map<number, string | null>,
): Promise<{ stage: number; note: string }[]> {
  const accepting = decisions.filter((d) => d.activity === 'Accept' && current.get(d.stage) !== 'Accept');
  if (!accepting.length) return [];
  const checks = reviewChecks(await deps.records.allSections(applicantId, tx));
  const out: { stage: number; note: string }[] = [];
  for (const d of accepting) {
    const doubtful = checks.filter(
      (c) => STAGE_OF_SECTION[c.section] === d.stage && (c.verdict === 'fail' || c.verdict === 'not_run'),
    );
    if (!doubtful.length) continue;
    if ((d.note?.length ?? 0) < 3)
      throw invalidField(
        'decisions',
        `A note is required to accept the ${named(doubtful.map((c) => c.key).join(', '))} check (${doubtful
          .map((c) => c.verdict.replace('_', ' '))
          .join(', ')}).`,
        { stage: d.stage, checks: doubtful.map((c) => c.key) },
      );
    out.push({ stage: d.stage, note: d.note! });
  }
  return out;
}
