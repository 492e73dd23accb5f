/**
 * GET/POST …/applications/{id}/rule-set: the rule set an application follows (docs/regulation.md),
 * the day it started, earlier moves, and the newer sets in force with what each would change.
 */
import { z } from 'zod';
import { replySchema } from '../envelope.ts';
import { RULE_KEYS, type RuleDifference, type RuleKey } from '../regulation.ts';

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

const ruleDifferenceSchema = z.object({
  key: z.string().refine((k): k is RuleKey => (RULE_KEYS as string[]).includes(k)),
  title: z.string(),
  before: z.string(),
  after: z.string(),
  source: z.object({ ref: z.string(), date: z.string() }),
});

export const applicationRuleSetDataSchema = z.object({
  id: z.string(),
  started_on: z.string(),
  moves: z.array(
    z.object({
      from: z.string(),
      to: z.string(),
      at: z.string(),
      by: z.string(),
      changes: z.array(ruleDifferenceSchema),
    }),
  ),
  newer: z.array(z.object({ id: z.string(), changes: z.array(ruleDifferenceSchema) })),
});
export const applicationRuleSetReplySchema = replySchema(applicationRuleSetDataSchema);

/** POST body: the newer rule set to follow (its id, a day). */
export const ruleSetMoveBodySchema = z.object({ to: z.string().regex(/^\d{4}-\d{2}-\d{2}$/) });
