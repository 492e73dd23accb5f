import { expect, type Page, test } from '@playwright/test';
import { look } from '../support/look';
import { ANY_SIZE } from '../support/sizes';

const LANGUAGES = ['en', 'hi', 'be', 'gu', 'mar'] as const;
const HTML_LANG = { en: 'en', hi: 'hi', be: 'bn', gu: 'gu', mar: 'mr' } as const;
const PAGE_SLUGS = [
  'about',
  'careers',
  'privacy',
  'terms',
  'sitemap',
  'calculators',
  'downloads',
  'investor-charter',
  'grievances',
  'e-voting',
  'refund-and-cancellation',
  'client-collateral',
  'holidays',
  'upcoming-ipo',
  'accessibility',
];
const PUBLIC_PATHS = [
  '/',
  '/charges',
  '/faq',
  '/watchlist',
  '/knowledge-centre/demat',
  '/knowledge-centre/ipo',
  '/knowledge-centre/online-trading',
  ...PAGE_SLUGS.map((s) => `/pages/${s}`),
];
/** A translation key shown raw: 'public:…', 'faq:…' or a dotted key of the public catalogue. */
const RAW_KEY =
  /\b(public|faq):|\b(nav|home|charges|calc|pages|knowledge|watchlist|footer|faqPage|notFound)\.[a-zA-Z-]+(\.|\b)/;

async function useLanguage(page: Page, lng: string) {
  await page.addInitScript((l) => localStorage.setItem('ekyc.lang', l), lng);
}

for (const lng of LANGUAGES) {
  // the layout at both sizes in English; the other languages' text at phone size
  test(`every public page renders completely in ${lng}`, lng === 'en' ? {} : ANY_SIZE, async ({ page }) => {
    await useLanguage(page, lng);
    const englishTitles = new Map<string, string>();
    let previousTitle = '\u0000';
    await page.goto('/');
    for (const path of PUBLIC_PATHS) {
      // Navigate inside the app (as a visitor clicking links does) instead of reloading each page.
      await page.evaluate((p) => {
        window.__missingI18n = [];
        history.pushState({}, '', p);
        dispatchEvent(new PopStateEvent('popstate'));
      }, path);
      await expect(page).toHaveURL(new RegExp(`${path.replace(/[/?]/g, '\\$&')}$`));
      const h1 = page.locator('main h1').first();
      await expect(h1, path).toBeVisible();
      await expect(h1, path).not.toHaveText(previousTitle);
      await expect(page.locator('footer')).toBeVisible();
      if (path === '/watchlist') await expect(page.locator('tbody tr').first()).toBeVisible();
      if (path === '/') await expect(page.locator('img[data-qr-value]')).toBeVisible();
      await expect(page.locator('html')).toHaveAttribute('lang', HTML_LANG[lng]);
      const text = await page.locator('body').innerText();
      expect(text, `raw key on ${path}`).not.toMatch(RAW_KEY);
      const missing = await page.evaluate(() => window.__missingI18n ?? []);
      expect(missing, `missing strings on ${path}`).toEqual([]);
      previousTitle = (await h1.innerText()).trim();
      await expect(page).toHaveTitle(`${previousTitle} · Open Demat`);
      englishTitles.set(path, previousTitle);
      if (['/', '/charges', '/watchlist', '/faq', '/pages/privacy'].includes(path) && ['en', 'hi'].includes(lng))
        await look(page, `public-${test.info().project.name}-${lng}${path.replace(/\//g, '-')}.png`, {
          fullPage: true,
        });
    }
    if (lng !== 'en') {
      // A real translation, not the English fallback.
      expect(englishTitles.get('/charges')).not.toBe('Charges');
      expect(englishTitles.get('/pages/privacy')).not.toBe('Privacy notice');
    }
  });
}

declare global {
  interface Window {
    __missingI18n?: string[];
  }
}
