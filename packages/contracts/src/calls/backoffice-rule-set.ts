/**
 * GET/POST …/applications/{id}/rule-set: the rule set an application follows (docs/regulation.md),
 * the day it started, earlier moves, and the newer sets in force with what each would change.
 */
import type { RuleDifference } from '../regulation.ts';

export interface RuleSetMoveEntry {
  from: string;
  to: string;
  at: string;
  /** The staff member's id. */
  by: string;
  changes: RuleDifference[];
}

export interface ApplicationRuleSetData {
  id: string;
  started_on: string;
  moves: RuleSetMoveEntry[];
  newer: { id: string; changes: RuleDifference[] }[];
}

/** POST body: the newer rule set to follow. */
export interface RuleSetMoveRequest {
  to: string;
}
