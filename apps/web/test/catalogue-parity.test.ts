/**
 * Nothing a person reads stays English: every key of every English catalogue has its text in Hindi,
 * Bengali, Gujarati and Marathi (plural forms count by their base key). The back office's
 * operations catalogue is English only, for staff, and named here as such.
 */
import { describe, expect, it } from 'vitest';

const catalogues = import.meta.glob<Record<string, unknown>>('../src/i18n/locales/*/*.json', {
  eager: true,
  import: 'default',
});
const ENGLISH_ONLY = new Set(['operations']);

function keys(value: Record<string, unknown>, prefix = ''): string[] {
  return Object.entries(value).flatMap(([k, v]) =>
    v && typeof v === 'object' ? keys(v as Record<string, unknown>, `${prefix}${k}.`) : [`${prefix}${k}`],
  );
}
const base = (key: string) => key.replace(/_(zero|one|two|few|many|other)$/, '');

const namespaces = Object.keys(catalogues)
  .filter((p) => p.includes('/en/'))
  .map((p) => p.split('/').pop()!.replace('.json', ''))
  .filter((ns) => !ENGLISH_ONLY.has(ns));

describe('catalogues', () => {
  for (const lng of ['hi', 'be', 'gu', 'mar'])
    it(`${lng} has every key English has`, () => {
      const missing = namespaces.flatMap((ns) => {
        const en = new Set(keys(catalogues[`../src/i18n/locales/en/${ns}.json`]!).map(base));
        const other = new Set(keys(catalogues[`../src/i18n/locales/${lng}/${ns}.json`] ?? {}).map(base));
        return [...en].filter((k) => !other.has(k)).map((k) => `${ns}:${k}`);
      });
      expect(missing).toEqual([]);
    });
});
