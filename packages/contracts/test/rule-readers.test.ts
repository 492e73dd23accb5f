/**
 * Every rule of the regulation table is read by the code that applies it (as `.values.<key>` of
 * a rule set): a rule nothing reads would be shown in the back office and docs/regulation.md while
 * the onboarding did something else (the e-sign window read 120 s here and was 900 s in
 * production). A rule with no reader is either wired to its reader or removed from the table.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { RULE_KEYS } from '../src/regulation.ts';

const ROOT = join(import.meta.dirname, '..', '..', '..');
/** The code that applies the rules: the API, the web app and the contracts' own schemas (not tests). */
const SOURCES = ['apps/api/src', 'apps/web/src', 'packages/contracts/src'];
const TABLE = join('packages', 'contracts', 'src', 'regulation.ts');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(name) && !path.endsWith(TABLE) ? [path] : [];
  });
}

/** The keys no source reads as `.values.<key>` (or `.values['key']`). */
export function unreadRules(keys: readonly string[], sources: readonly string[]): string[] {
  return keys.filter(
    (key) => !sources.some((text) => new RegExp(`\\.values(\\.${key}\\b|\\[['"]${key}['"]\\])`).test(text)),
  );
}

describe('the rules table and its readers', () => {
  const texts = SOURCES.flatMap((d) => sourceFiles(join(ROOT, d))).map((f) => readFileSync(f, 'utf8'));

  it('finds the code it searches', () => {
    expect(texts.length).toBeGreaterThan(100);
  });

  it('has a reader for every rule', () => {
    expect(unreadRules(RULE_KEYS, texts)).toEqual([]);
  });

  it('names a rule that nothing reads', () => {
    // the check itself can fail: a table key no code reads is reported
    expect(unreadRules([...RULE_KEYS, 'esignWindowSeconds'], texts)).toEqual(['esignWindowSeconds']);
    expect(unreadRules(['nomineeMax'], ['const n = rules.valuesnomineeMax;'])).toEqual(['nomineeMax']);
    expect(unreadRules(['nomineeMax'], ["const n = rules.values['nomineeMax'];"])).toEqual([]);
  });
});
