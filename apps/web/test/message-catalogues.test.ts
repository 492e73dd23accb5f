import { ACK } from '@ekyc/contracts/acknowledgements';
import { MSG } from '@ekyc/contracts/messages';
import { describe, expect, it } from 'vitest';

const catalogues = import.meta.glob<Record<string, string>>('../src/i18n/locales/*/messages.json', {
  eager: true,
  import: 'default',
});

describe('message catalogues', () => {
  it('has no English catalogue: English is the contract text itself', () => {
    expect(Object.keys(catalogues).some((k) => k.includes('/en/'))).toBe(false);
  });
  for (const lng of ['hi', 'be', 'gu', 'mar'])
    it(`${lng} translates every message of the contract and every acknowledgement, and nothing else`, () => {
      const catalogue = catalogues[`../src/i18n/locales/${lng}/messages.json`] ?? {};
      const english: Record<string, string> = { ...MSG, ...ACK };
      expect(Object.keys(catalogue).sort()).toEqual(Object.keys(english).sort());
      for (const [key, text] of Object.entries(catalogue)) {
        expect(text.trim(), key).not.toBe('');
        expect(text, key).not.toBe(english[key]);
      }
    });
});
