import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { formattedRegulationDocs, REGULATION_DOCS_PATH } from '../../../tools/regulation-docs.ts';
import { LANGUAGES } from '../src/constants.ts';
import { BUILT_IN_CONTROLS } from '../src/regulation-controls.ts';
import { REGULATION, REGULATION_VERSION, RULE_KEYS, ruleSetChanges, ruleSetOn } from '../src/regulation.ts';
import { riskDisclosureFor } from '../src/risk-disclosure.ts';
import { equalShares, resolveShares } from '../src/nominee-rules.ts';

describe('the rules table', () => {
  it('every change has a source and the changes of a rule are in date order', () => {
    for (const key of RULE_KEYS) {
      const changes = REGULATION[key].changes;
      expect(changes.length, key).toBeGreaterThan(0);
      for (const c of changes) expect(c.source.ref.length, key).toBeGreaterThan(3);
      expect([...changes].map((c) => c.from).sort(), key).toEqual(changes.map((c) => c.from));
    }
  });

  it('names a source and the code that applies each control outside the dated rules', () => {
    const root = path.resolve(import.meta.dirname, '../../..');
    for (const control of BUILT_IN_CONTROLS) {
      expect(control.sources.length, control.title).toBeGreaterThan(0);
      for (const where of control.where) expect(existsSync(path.join(root, where)), where).toBe(true);
    }
  });

  it('raises its version with every change (the version is stored with each application)', () => {
    const table = JSON.stringify(RULE_KEYS.map((k) => [k, REGULATION[k].changes]));
    // a changed table changes this fingerprint: raise REGULATION_VERSION and record both here
    expect({
      version: REGULATION_VERSION,
      fingerprint: createHash('sha256').update(table).digest('hex').slice(0, 16),
    }).toEqual({ version: 6, fingerprint: 'd0d151a335188bd2' });
  });

  it('picks the values in force on a day', () => {
    expect(ruleSetOn('2025-02-28').values.nomineeMax).toBe(3);
    expect(ruleSetOn('2025-03-01').values.nomineeMax).toBe(10);
    expect(ruleSetOn('2026-08-31').values.nomineeMax).toBe(10);
    expect(ruleSetOn('2026-09-01')).toMatchObject({
      id: '2026-09-01',
      values: { nomineeMax: 3, nomineeMandatory: ['name', 'relationship'], bsdaDefault: true },
    });
    expect(ruleSetOn('2026-11-25').id).toBe('2026-09-01');
  });

  it('lists what changes between two sets', () => {
    const changes = ruleSetChanges('2025-06-01', '2026-09-01');
    expect(changes.map((c) => c.key)).toEqual([
      'nomineeMax',
      'nomineeMandatory',
      'nomineeOptOut',
      'investorCharterAccessibility',
      'kraUploadWorkingDays',
    ]);
    expect(changes[0]).toMatchObject({ before: '10', after: '3' });
  });
});

describe('nominee shares', () => {
  it('splits equally with the odd unit to the first nominee', () => {
    expect(equalShares(3)).toEqual(['33.34', '33.33', '33.33']);
    expect(equalShares(2)).toEqual(['50', '50']);
    expect(
      equalShares(7)
        .map(Number)
        .reduce((a, b) => a + b, 0),
    ).toBeCloseTo(100, 6);
  });
  it('blank shares are split only where the rule set allows', () => {
    expect(resolveShares(['', ''], false)).toEqual({ shares: ['50', '50'], error: null });
    expect(resolveShares(['', ''], true).error).not.toBeNull();
  });
});

describe('docs/regulation.md', () => {
  // loading Prettier to format the page takes seconds on a busy machine: not the 5 s default
  it(
    'is the page generated from the table (run npm run docs:regulation after changing a rule)',
    { timeout: 60_000 },
    async () => {
      expect(readFileSync(REGULATION_DOCS_PATH, 'utf8')).toBe(await formattedRegulationDocs());
    },
  );
});

describe('the derivatives risk disclosure', () => {
  it('has its own text in each of the five languages, with the four findings and the source', () => {
    for (const language of LANGUAGES) {
      const shown = riskDisclosureFor('fo-2023-07', language);
      expect(shown.language).toBe(language);
      expect(shown.text.points).toHaveLength(4);
      expect(shown.text.points[1]).toContain('₹ 50,000');
      expect(shown.text.source).toContain('2021-22');
    }
  });
});
