import { describe, expect, it } from 'vitest';
import { FAQ_SCREENS, faqHref, faqScreenForPath } from '../src/features/public/faq-screens';

const catalogues = import.meta.glob<Record<string, unknown>>('../src/i18n/locales/*/{public,faq}.json', {
  eager: true,
  import: 'default',
});
const LANGUAGES = ['en', 'hi', 'be', 'gu', 'mar'];

/** Every leaf of a catalogue with its {{placeholders}}, and every list with its length. */
function shape(value: unknown, path = ''): Record<string, string> {
  if (Array.isArray(value))
    return value.reduce<Record<string, string>>((acc, v, i) => ({ ...acc, ...shape(v, `${path}[${i}]`) }), {
      [path]: `list:${value.length}`,
    });
  if (value && typeof value === 'object')
    return Object.entries(value).reduce<Record<string, string>>(
      (acc, [k, v]) => ({ ...acc, ...shape(v, path ? `${path}.${k}` : k) }),
      {},
    );
  const text = String(value);
  return { [path]: `text:${(text.match(/\{\{\w+\}\}/g) ?? []).sort().join(',')}:${text.trim() ? 'filled' : 'empty'}` };
}

describe('public and FAQ catalogues', () => {
  for (const ns of ['public', 'faq']) {
    const english = shape(catalogues[`../src/i18n/locales/en/${ns}.json`]);
    for (const lng of LANGUAGES.slice(1))
      it(`${lng}/${ns}.json has every key, list and placeholder of English`, () => {
        expect(shape(catalogues[`../src/i18n/locales/${lng}/${ns}.json`])).toEqual(english);
      });
  }
  it('has a section for every onboarding screen', () => {
    expect(Object.keys(catalogues['../src/i18n/locales/en/faq.json']!).sort()).toEqual([...FAQ_SCREENS].sort());
  });
});

describe('help link of each onboarding screen', () => {
  it.each([
    ['/ekyc1/', 'sign-up'],
    ['/ekyc1/email-verification/verify-otp', 'sign-up'],
    ['/ekyc1/pan-verification/pan-info', 'pan-verification'],
    ['/ekyc1/returnurl', 'digilocker'],
    ['/ekyc1/client-profiling/annual-income', 'client-profiling'],
    ['/ekyc1/bank-and-segment/upi', 'bank-and-segment'],
    ['/ekyc1/bank-and-segment/signature', 'signature'],
    ['/ekyc1/bank-and-segment/nominee/add-nominee', 'nominee'],
    ['/ekyc1/bank-and-segment/segment', 'segment'],
    ['/ekyc1/take-selfie', 'take-selfie'],
    ['/ekyc1/e-sign', 'e-sign'],
    ['/ekyc1/status', 'status'],
  ])('%s opens the %s FAQs', (path, screen) => {
    expect(faqScreenForPath(path)).toBe(screen);
    expect(faqHref(path)).toBe(`/faq?screen=${screen}`);
  });
});
