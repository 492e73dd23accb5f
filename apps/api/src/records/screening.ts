/**
 * Screening an application against the imported lists, and its risk category. Shared by the PAN
 * step (screened once the income-tax source confirmed the PAN, name and date of birth), the back
 * office (screened again before the approval, which is refused while a hit is unresolved) and the
 * screening module (the lists' import, the hits' review).
 *
 * A hit: the PAN on a list that gives PANs; or the name matching an entry's name or alias by the
 * name matcher (lib/name-match.ts: exact or close) with the date of birth agreeing (the same day,
 * or the same year where the list gives only the year); or the name alone where the entry has no
 * date of birth (the reviewer judges). A name matching with a different date of birth is no hit.
 */
import type { RuleSet } from '@ekyc/contracts/regulation';
import type { RiskCategory, RiskFactor, ScreeningStep } from '@ekyc/contracts/screening';
import type { Database, Tx } from '../db/client.ts';
import type { Hasher } from '../lib/crypto.ts';
import { matchHolderName, namePasses, nameTokens } from '../lib/name-match.ts';
import type { ApplicantRecords } from './applicant-records.ts';
import { panHashOf } from './signed.ts';
import { type EntryRow, type RiskRow, screeningRepository as repo } from './screening.repository.ts';

export interface ScreeningDeps {
  database: Database;
  hasher: Hasher;
  records: ApplicantRecords;
  now: () => number;
}

export interface ScreeningSubject {
  name: string;
  /** DD/MM/YYYY as the PAN step stores it, or YYYY-MM-DD. */
  dob: string;
  pan: string;
}

/** YYYY-MM-DD of a DD/MM/YYYY (or already ISO) date; '' when neither. */
export function isoDay(dob: string): string {
  const m = /^(\d{2})[/-](\d{2})[/-](\d{4})$/.exec(dob.trim());
  if (m) return `${m[3]}-${m[2]}-${m[1]}`;
  return /^\d{4}-\d{2}-\d{2}$/.test(dob.trim()) ? dob.trim() : '';
}

/** The list's words of a name: commas ('SURNAME, Given') are not the name matcher's joint holders. */
export const listName = (name: string) =>
  name
    .replace(/[,;/&]/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();

function dobAgrees(entryDob: string | null, day: string): boolean | null {
  if (!entryDob) return null;
  return entryDob.length === 4 ? day.startsWith(entryDob) : entryDob === day;
}

/** The match of one entry, or null. */
export function matchEntry(
  entry: Pick<EntryRow, 'name' | 'dob' | 'panHash'>,
  subject: { name: string; day: string; panHash: string },
): { matchedOn: 'pan' | 'name_dob' | 'name'; score: number } | null {
  if (entry.panHash && entry.panHash === subject.panHash) return { matchedOn: 'pan', score: 100 };
  const m = matchHolderName(listName(entry.name), subject.name);
  if (!namePasses(m)) return null;
  const dob = dobAgrees(entry.dob, subject.day);
  if (dob === false) return null;
  return { matchedOn: dob ? 'name_dob' : 'name', score: m.score };
}

/** Screens the subject against the lists of its rule set; records new hits. Returns how many it found in all. */
export async function screenApplicant(
  deps: Pick<ScreeningDeps, 'database' | 'hasher'>,
  applicantId: string,
  subject: ScreeningSubject,
  rules: Pick<RuleSet, 'values'>,
  step: ScreeningStep,
  tx: Tx = deps.database.db,
): Promise<number> {
  const panHash = panHashOf(deps, subject.pan);
  const tokens = nameTokens(listName(subject.name));
  const candidates = await repo.candidates(tx, rules.values.screeningLists, tokens, panHash);
  const s = { name: subject.name, day: isoDay(subject.dob), panHash };
  let found = 0;
  for (const entry of candidates) {
    const match = matchEntry(entry, s);
    if (!match) continue;
    found++;
    await repo.addHit(tx, applicantId, {
      entry: { list: entry.list, ref: entry.ref, name: entry.name, date_of_birth: entry.dob, details: entry.details },
      ...match,
      step,
    });
  }
  return found;
}

/** The category the rule set gives these factors. */
export function riskCategoryOf(rules: Pick<RuleSet, 'values'>, factors: readonly RiskFactor[]): RiskCategory {
  const rule = rules.values.riskCategory;
  if (factors.some((f) => rule.high.includes(f))) return 'high';
  if (factors.some((f) => rule.medium.includes(f))) return 'medium';
  return 'low';
}

/**
 * Assesses and stores the application's risk category: a PEP declared (the declaration "not a
 * politically exposed person" not given), a screening hit not cleared, an occupation or an income
 * range the rule set names.
 */
export async function assessRisk(
  deps: Pick<ScreeningDeps, 'database' | 'records' | 'now'>,
  applicantId: string,
  rules: Pick<RuleSet, 'values' | 'id'>,
  tx: Tx = deps.database.db,
): Promise<RiskRow> {
  const rule = rules.values.riskCategory;
  const personal = await deps.records.getSection(applicantId, 'personal_obj', tx);
  const factors: RiskFactor[] = [];
  if (personal?.politically_exposed === false) factors.push('pep_declared');
  if ((await repo.unresolved(tx, applicantId)) > 0) factors.push('screening_hit');
  if (personal?.occupation && rule.occupations.includes(personal.occupation)) factors.push('occupation');
  if (personal?.annual_income && rule.incomes.includes(personal.annual_income)) factors.push('income');
  const risk: RiskRow = {
    category: riskCategoryOf(rules, factors),
    factors,
    ruleSet: rules.id,
    assessedAt: new Date(deps.now()),
  };
  await repo.putRisk(tx, applicantId, risk);
  return risk;
}

/** Whether the deceased flag stops this (the stops recorded with the flag, from the rule set then in force). */
export async function deceasedStops(
  tx: Tx,
  applicantId: string,
  what: 'registrations' | 'client_area' | 'approval',
): Promise<boolean> {
  return (await repo.deceased(tx, applicantId))?.stops.includes(what) ?? false;
}
