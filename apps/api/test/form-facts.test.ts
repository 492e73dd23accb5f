/**
 * The facts a signature covers (formFacts) are what the form prints: read back from the rendered
 * PDF by poppler's pdftotext, an independent reader, every fact's value is on the form, and a
 * change to any printed field shows as a change of its fact.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { renderAccountOpeningForm } from '../src/documents/account-opening-form.ts';
import { changedFacts, formFacts } from '../src/documents/form-facts.ts';
import { panWithDigits, signedSections } from './support/registrations.ts';
import { toolOutput } from './support/system-tool.ts';

const sections: Record<string, unknown> = {
  ...signedSections(panWithDigits('7788')),
  nominee_obj: {
    nominee_list: [
      { first_name: 'Ravi', last_name: 'Verma', nominee_relation: 'Brother', dob: '01/01/1995', percentage_share: 100 },
    ],
  },
  _demat_choice: {
    account_type: 'regular',
    chosen: 'explicit',
    ddpi: { opted: true, purposes: ['Transfer for settlement'] },
  },
};
const input = { mobile: '9876543210', email: 'asha@example.in', sections };
const flat = (s: string) => s.replace(/\s+/g, ' ');

describe('the facts the signature covers', () => {
  it('are printed on the form, each of them', async () => {
    const pdf = await renderAccountOpeningForm({
      ...input,
      applicationId: 'EPFACTS001',
      generatedAt: new Date('2026-12-04T10:00:00Z'),
      clientCode: null,
      images: {},
      verificationDays: '7 to 10 business days',
    });
    const file = path.join(mkdtempSync(path.join(tmpdir(), 'form-facts-')), 'form.pdf');
    writeFileSync(file, pdf);
    const text = flat(toolOutput('pdftotext', ['-raw', file, '-']));
    const facts = formFacts(input);
    expect(facts.map((f) => f.label)).toEqual(expect.arrayContaining(['Account number', 'Nominee 1', 'Demat account']));
    for (const fact of facts) {
      if (fact.value.startsWith('file:') || fact.label === 'Nominee 1' || fact.label === 'DDPI' || !fact.value)
        continue;
      expect(text, fact.label).toContain(flat(fact.value));
    }
    // the nominee's row is printed in parts (a table row); the DDPI is named as chosen, its purposes
    // printed on its own document, signed apart (ddpi-signed-apart.test.ts)
    for (const part of ['Ravi Verma', 'Brother', '01/01/1995']) expect(text).toContain(part);
    expect(text).toContain('DDPI Chosen: signed as a separate document');
    expect(text).not.toContain('Transfer for settlement');
  });

  it('name each printed field that changed, with the stage that collected it', () => {
    const before = formFacts(input);
    const after = formFacts({
      ...input,
      sections: { ...sections, bank_obj: { ...(sections.bank_obj as object), account_number: '999988887777' } },
    });
    expect(changedFacts(before, after)).toEqual([
      { stage: 160, label: 'Account number', old: '50100012345678', new: '999988887777' },
    ]);
    expect(changedFacts(before, formFacts(input))).toEqual([]);
  });
});
