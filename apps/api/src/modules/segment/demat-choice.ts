/**
 * get-demat-choice and update-demat-choice: a Basic Services Demat Account is the default for an
 * eligible applicant (an individual without another demat account as sole or first holder) while the
 * rule set says so; a regular account only on the applicant's explicit declaration, recorded with its
 * time; the DDPI is a separate, optional choice with its purposes, never needed to go on.
 */
import {
  type DematChoiceData,
  type dematChoiceRequestSchema,
  REGULAR_ACCOUNT_DECLARATION,
} from '@ekyc/contracts/calls/demat-choice';
import type { RuleSet } from '@ekyc/contracts/regulation';
import type { z } from 'zod';
import type { SegmentDeps } from './deps.ts';
import { invalidField } from '../../lib/errors.ts';
import { ok, type Outcome } from '../../lib/outcome.ts';
import { ruleSetOf } from '../../records/rule-set.ts';

export const DEMAT_CHOICE = '_demat_choice' as const;

export interface DematChoiceRecord {
  account_type: 'bsda' | 'regular';
  chosen: 'default' | 'explicit';
  holds_other_demat: boolean;
  regular_declaration?: { text: string; declared_at: string };
  ddpi: { opted: boolean; purposes: string[]; opted_at?: string };
  rule_set: string;
  updated_at?: string;
}

type Deps = Pick<SegmentDeps, 'records'>;
type Input = z.output<typeof dematChoiceRequestSchema>;

/** The choice in force: the stored one, or the rule set's default. */
export function effectiveDematChoice(rules: RuleSet, stored: DematChoiceRecord | null): DematChoiceRecord {
  if (stored) return stored;
  return {
    account_type: rules.values.bsdaDefault ? 'bsda' : 'regular',
    chosen: 'default',
    holds_other_demat: false,
    ddpi: { opted: false, purposes: [] },
    rule_set: rules.id,
  };
}

const view = (rules: RuleSet, record: DematChoiceRecord): DematChoiceData => ({
  account_type: record.account_type,
  chosen: record.chosen,
  eligible_for_bsda: !record.holds_other_demat,
  holds_other_demat: record.holds_other_demat,
  bsda_slabs: [...rules.values.bsdaSlabs],
  regular_declaration: REGULAR_ACCOUNT_DECLARATION,
  ddpi: { opted: record.ddpi.opted, purposes: [...rules.values.ddpiPurposes] },
  rule_set: rules.id,
});

export async function getDematChoice(deps: Deps, applicantId: string): Promise<Outcome<DematChoiceData>> {
  const rules = await ruleSetOf(deps.records, applicantId);
  const stored = await deps.records.getSection(applicantId, DEMAT_CHOICE);
  return ok('dematAccount', view(rules, effectiveDematChoice(rules, stored)));
}

export async function updateDematChoice(
  deps: Deps,
  applicantId: string,
  input: Input,
  now: Date,
): Promise<Outcome<DematChoiceData>> {
  await deps.records.requireStage(applicantId, 'update-demat-choice');
  const rules = await ruleSetOf(deps.records, applicantId);
  const eligible = rules.values.bsdaDefault && !input.holds_other_demat;
  if (input.account_type === 'bsda' && input.holds_other_demat) throw invalidField('account_type', 'bsdaOtherDemat');
  if (input.account_type === 'regular' && eligible && !input.regular_declaration)
    throw invalidField('regular_declaration', 'regularDeclarationRequired');
  const at = now.toISOString();
  const record: DematChoiceRecord = {
    account_type: input.account_type,
    chosen: 'explicit',
    holds_other_demat: input.holds_other_demat,
    ...(input.account_type === 'regular' &&
      eligible && { regular_declaration: { text: REGULAR_ACCOUNT_DECLARATION, declared_at: at } }),
    ddpi: input.ddpi
      ? { opted: true, purposes: [...rules.values.ddpiPurposes], opted_at: at }
      : { opted: false, purposes: [] },
    rule_set: rules.id,
    updated_at: at,
  };
  await deps.records.save(applicantId, { [DEMAT_CHOICE]: record });
  return ok('dematAccountSaved', view(rules, record));
}

declare module '../../records/section-codec.ts' {
  interface PrivateSectionTypes {
    [DEMAT_CHOICE]: DematChoiceRecord;
  }
}
