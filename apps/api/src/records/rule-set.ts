/**
 * The rule set an application is pinned to. An application follows the rules in force on the day
 * it started (India time) unless the back office moved it to a newer set. The set is stored in the
 * private '_rule_set' section when the application starts (with the table's version), so a later
 * change to the table's dates never moves it; a move is recorded there with who moved it, when,
 * and what changed. Applications from before the set was stored are read by their start day.
 */
import {
  indianDay,
  REGULATION_VERSION,
  RULE_SET_IDS,
  ruleSetChanges,
  ruleSetOn,
  type RuleDifference,
  type RuleSet,
} from '@ekyc/contracts/regulation';
import { invalidField } from '../lib/errors.ts';
import type { StoredSections } from './section-codec.ts';

export const RULE_SET_SECTION = '_rule_set' as const;

export interface RuleSetMove {
  from: string;
  to: string;
  at: string;
  by: string;
  changes: RuleDifference[];
}

export interface PinnedRuleSet {
  /** The rule set's identity (its newest effective date). */
  id: string;
  /** The day the application started. */
  started_on: string;
  moves: RuleSetMove[];
  /** The version of the rules table the set was taken from (absent on applications from before it was kept). */
  table_version?: number;
}

/** The rule set an application starting now is pinned to. */
export function startingRuleSet(now: Date): PinnedRuleSet {
  const startedOn = indianDay(now);
  return { id: ruleSetOn(startedOn).id, started_on: startedOn, moves: [], table_version: REGULATION_VERSION };
}

/**
 * What the rule set reads and writes of the applicant record (ApplicantRecords has it; named here
 * rather than imported, since the record service pins a new application through this file).
 */
interface Records {
  get(applicantId: string): Promise<{ createdAt: Date }>;
  getSection(applicantId: string, name: typeof RULE_SET_SECTION): Promise<PinnedRuleSet | null>;
  save(applicantId: string, sections: { [RULE_SET_SECTION]: PinnedRuleSet }): Promise<unknown>;
}
/** A section read with the stage check (ApplicantRecords' SectionReader). */
type SectionReader = (name: typeof RULE_SET_SECTION) => PinnedRuleSet | null;

export async function pinnedRuleSet(records: Records, applicantId: string): Promise<PinnedRuleSet> {
  const pinned = await records.getSection(applicantId, RULE_SET_SECTION);
  return pinned?.id ? pinned : pinnedRuleSetOf(null, (await records.get(applicantId)).createdAt);
}

const isPinnedRuleSet = (v: unknown): v is PinnedRuleSet =>
  typeof v === 'object' &&
  v !== null &&
  'id' in v &&
  typeof v.id === 'string' &&
  'moves' in v &&
  Array.isArray(v.moves);

/** The pinned rule set among every section read (allSections), else the day the application started. */
export function pinnedRuleSetIn(sections: StoredSections, createdAt: Date): PinnedRuleSet {
  const pinned = sections[RULE_SET_SECTION];
  return pinnedRuleSetOf(isPinnedRuleSet(pinned) ? pinned : null, createdAt);
}

/** The same from what a caller has already read: the pinned section, else the day the application started. */
export function pinnedRuleSetOf(pinned: PinnedRuleSet | null | undefined, createdAt: Date): PinnedRuleSet {
  if (pinned?.id) return pinned;
  const startedOn = indianDay(createdAt);
  return { id: ruleSetOn(startedOn).id, started_on: startedOn, moves: [] };
}

export async function ruleSetOf(records: Records, applicantId: string): Promise<RuleSet> {
  return ruleSetOn((await pinnedRuleSet(records, applicantId)).id);
}

/** The same from a stage check that read RULE_SET_SECTION (requireStageWith): no further round trip. */
export function ruleSetFrom(read: { createdAt: Date; section: SectionReader }): RuleSet {
  return ruleSetOn(pinnedRuleSetOf(read.section(RULE_SET_SECTION), read.createdAt).id);
}

/** Pins an application to a given day's rule set (sandbox fixtures; an imported application). */
export async function pinRuleSet(records: Records, applicantId: string, day: string): Promise<PinnedRuleSet> {
  const pinned: PinnedRuleSet = {
    id: ruleSetOn(day).id,
    started_on: day,
    moves: [],
    table_version: REGULATION_VERSION,
  };
  await records.save(applicantId, { [RULE_SET_SECTION]: pinned });
  return pinned;
}

/** Moves an application to a newer rule set (never an older one), listing what changes. */
export async function moveRuleSet(
  records: Records,
  applicantId: string,
  to: string,
  by: string,
  now: Date,
): Promise<PinnedRuleSet> {
  const pinned = await pinnedRuleSet(records, applicantId);
  if (!RULE_SET_IDS.includes(to) || to <= pinned.id || to > indianDay(now))
    throw invalidField('rule_set', 'Choose a newer rule set already in force');
  const move: RuleSetMove = { from: pinned.id, to, at: now.toISOString(), by, changes: ruleSetChanges(pinned.id, to) };
  const next: PinnedRuleSet = { ...pinned, id: to, moves: [...pinned.moves, move] };
  await records.save(applicantId, { [RULE_SET_SECTION]: next });
  return next;
}

declare module './section-codec.ts' {
  interface PrivateSectionTypes {
    [RULE_SET_SECTION]: PinnedRuleSet;
  }
}
