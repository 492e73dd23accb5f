import { expect, type Page, test } from '@playwright/test';
import QRCode from 'qrcode';
import { look } from '../support/look';
import { ANY_SIZE } from '../support/sizes';

/**
 * What a visitor reads on the pages the operator's content files fill (apps/web/src/features/
 * public/content/, docs/content.md). The shipped files are dated late November 2026, so the IPO
 * page is read on a fixed day of that week.
 */
const IPO_WEEK = new Date('2026-11-26T10:00:00+05:30');
const shot = (name: string) => `public-content-${test.info().project.name}-${name}.png`;

test('upcoming IPOs: each open or coming issue with its bidding dates, price band and lot', async ({ page }) => {
  await page.clock.setFixedTime(IPO_WEEK);
  await page.goto('/pages/upcoming-ipo');
  await expect(page.getByText('List updated on 26 November 2026.')).toBeVisible();
  const open = page.locator('[data-ipo="Sahyadri Agro Foods Limited"]');
  await expect(open.getByRole('heading', { name: 'Sahyadri Agro Foods Limited' })).toBeVisible();
  await expect(open).toContainText('Open for bidding');
  await expect(open).toContainText('Bidding dates25 November 2026 to 27 November 2026');
  await expect(open).toContainText('Price band₹312 to ₹328 a share');
  await expect(open).toContainText('Lot size45 shares');
  await expect(open).toContainText('One lot at the upper price₹14,760');
  await expect(open).toContainText('Listing date2 December 2026');
  const coming = page.locator('[data-ipo="Konkan Coastal Logistics Limited"]');
  await expect(coming).toContainText('Opens soon');
  await expect(coming).toContainText('SME');
  await expect(coming).toContainText('NSE Emerge');
  await expect(coming).toContainText('8 December 2026 to 10 December 2026');
  await look(page, shot('upcoming-ipo'), { fullPage: true });
});

test('an issue whose bidding has closed leaves the list by itself', ANY_SIZE, async ({ page }) => {
  await page.clock.setFixedTime(new Date('2026-11-28T10:00:00+05:30'));
  await page.goto('/pages/upcoming-ipo');
  await expect(page.locator('[data-ipo="Narmada Green Hydrogen Limited"]')).toContainText('Opens soon');
  await expect(page.locator('[data-ipo]')).toHaveCount(2);
  await expect(page.getByText('Sahyadri Agro Foods Limited')).toHaveCount(0);

  await page.clock.setFixedTime(new Date('2027-01-04T10:00:00+05:30'));
  await page.reload();
  await expect(page.getByText('No public issue is open for bidding or announced right now.')).toBeVisible();
});

test('every form on the downloads page is a PDF the site sends', async ({ page, request }) => {
  await page.goto('/pages/downloads');
  const forms = page.locator('[data-download]');
  await expect(forms).toHaveCount(5);
  for (const name of [
    'Account closure form',
    'Nomination form',
    'Change of details form',
    'Demat debit and pledge instruction (DDPI)',
    'Tariff sheet',
  ])
    await expect(page.getByRole('link', { name: `${name} (PDF)` })).toBeVisible();
  await expect(forms.first()).toContainText('Revised on 26 November 2026');
  for (const href of await forms.getByRole('link').evaluateAll((links) => links.map((a) => a.getAttribute('href')))) {
    const reply = await request.get(href!);
    expect(reply.status(), href!).toBe(200);
    expect(reply.headers()['content-type'], href!).toBe('application/pdf');
    expect((await reply.body()).subarray(0, 5).toString(), href!).toBe('%PDF-');
  }
  await look(page, shot('downloads'), { fullPage: true });
});

test('the holiday list gives the dates NSE published for 2026 and says 2027 is still to come', async ({ page }) => {
  await page.goto('/pages/holidays');
  const year2026 = page.locator('[data-year="2026"]');
  await expect(year2026.getByRole('heading', { name: 'Trading holidays 2026' })).toBeVisible();
  await expect(year2026).toContainText('As published by NSE for 2026.');
  const trading = year2026.getByRole('table', { name: 'Weekdays the exchanges are closed in 2026' });
  await expect(trading.locator('tbody tr')).toHaveCount(16);
  await expect(trading.locator('tr[data-date="2026-01-26"]')).toHaveText(/26 January 2026\s*Monday\s*Republic Day/);
  await expect(trading.locator('tr[data-date="2026-03-03"]')).toContainText('Holi');
  await expect(trading.locator('tr[data-date="2026-11-10"]')).toContainText('Diwali Balipratipada');
  await expect(trading.locator('tr[data-date="2026-12-25"]')).toContainText('Friday');
  const weekend = year2026.getByRole('table', { name: 'Holidays of 2026 that fall on a Saturday or Sunday' });
  await expect(weekend.locator('tr[data-date="2026-11-08"]')).toContainText('Sunday');
  await expect(weekend.locator('tr[data-date="2026-11-08"]')).toContainText('Muhurat trading is held on this day');
  await expect(page.locator('[data-year="2027"]')).toContainText(
    'NSE has not yet published the trading holidays for 2027.',
  );
  await look(page, shot('holidays'), { fullPage: true });
});

test('the grievances page names each officer with a phone number and links SCORES and SMART ODR', async ({ page }) => {
  await page.goto('/pages/grievances');
  const main = page.getByRole('main');
  const officer = main.locator('[data-contact="Level 2: Grievance officer"]');
  await expect(officer).toContainText('Priya Deshpande');
  await expect(officer).toContainText('Head of customer care');
  await expect(officer.getByRole('link', { name: '+91 22 0612 3410' })).toHaveAttribute('href', 'tel:+912206123410');
  await expect(officer.getByRole('link', { name: 'grievances@opendemat.example' })).toBeVisible();
  await expect(officer).toContainText('Bandra Kurla Complex');
  await expect(main.locator('[data-contact="Level 1: Customer care"]')).toContainText('+91 22 0612 3400');
  await expect(main.locator('[data-contact="Level 3: Compliance officer"]')).toContainText('Rajesh Iyer');
  await expect(main.locator('[data-contact="Level 4: Chief executive officer"]')).toContainText('Anand Mehta');

  for (const [name, url] of [
    ['SEBI SCORES', 'https://scores.sebi.gov.in'],
    ['SMART ODR', 'https://smartodr.in'],
  ] as const) {
    const link = main
      .getByRole('listitem')
      .getByRole('link', { name: `${name} (opens in a new tab)` })
      .first();
    await expect(link).toHaveAttribute('href', url);
    await expect(link).toHaveAttribute('target', '_blank');
    await expect(link).toHaveAttribute('rel', /\bnoopener\b/);
  }
  await expect(main.getByRole('listitem').filter({ hasText: 'CVL KRA' })).toContainText(
    'The KYC registration agency where your KYC is kept',
  );

  // and on every page, the footer: customer care and the regulators' portals
  const footer = page.getByRole('contentinfo');
  await expect(footer.getByRole('link', { name: '+91 22 0612 3400' })).toHaveAttribute('href', 'tel:+912206123400');
  // the broker's registration numbers (configuration; the platform's samples here, marked so) and documents
  const registrations = footer.getByTestId('broker-registrations');
  await expect(registrations).toContainText('SEBI registration no. INZ000000000');
  await expect(registrations).toContainText('NSE member code 00000');
  await expect(registrations).toContainText('DP id 12000000');
  await expect(registrations).toContainText('Sample registration numbers');
  await expect(registrations.getByRole('link', { name: 'Investor Charter' })).toHaveAttribute(
    'href',
    '/api/v1/public/broker-documents/investor-charter',
  );
  const portals = footer.getByRole('navigation', { name: 'Regulators and exchanges' });
  for (const [name, url] of [
    ['SEBI', 'https://www.sebi.gov.in'],
    ['SEBI SCORES', 'https://scores.sebi.gov.in'],
    ['SMART ODR', 'https://smartodr.in'],
    ['NSE', 'https://www.nseindia.com'],
    ['BSE', 'https://www.bseindia.com'],
    ['CDSL', 'https://www.cdslindia.com'],
    ['NSDL', 'https://nsdl.co.in'],
    ['CVL KRA', 'https://www.cvlkra.com'],
  ] as const) {
    const link = portals.getByRole('link', { name: `${name} (opens in a new tab)`, exact: true });
    await expect(link).toHaveAttribute('href', url);
    await expect(link).toHaveAttribute('target', '_blank');
    await expect(link).toHaveAttribute('rel', /\bnoopener\b/);
  }
  await look(page, shot('grievances'), { fullPage: true });
});

test("the home page's QR code carries the visitor's campaign and referral code", async ({ page, baseURL }) => {
  await page.goto('/?utm_source=newsletter&utm_medium=email&utm_campaign=diwali-2026&refcode=RM1234');
  const continueUrl = `${baseURL}/ekyc1/?refcode=RM1234&utm_source=newsletter&utm_medium=email&utm_campaign=diwali-2026`;
  const code = page.locator('img[data-qr-value]');
  await expect(code).toHaveAttribute('data-qr-value', continueUrl);
  // the picture itself is that address: the same encoder draws the same code for it
  const drawn = await QRCode.toString(continueUrl, { type: 'svg', margin: 1, errorCorrectionLevel: 'M' });
  await expect(code).toHaveAttribute('src', `data:image/svg+xml;charset=utf-8,${encodeURIComponent(drawn)}`);
  await look(page, shot('home-campaign'));

  // the campaign stays with the visitor across the site, to the sign-up page that records it
  await page.getByRole('navigation', { name: 'Site' }).getByRole('link', { name: 'Charges' }).click();
  await expect(page.locator('main h1')).toHaveText('Charges');
  await page.getByRole('banner').getByRole('link', { name: 'Open Demat' }).click();
  await expect(page).toHaveURL(`${baseURL}/`);
  await expect(code).toHaveAttribute('data-qr-value', continueUrl);
  await page.getByRole('main').getByRole('link', { name: 'Open account' }).click();
  await expect(page).toHaveURL(continueUrl);
  await expect(page.getByLabel('Mobile number')).toBeVisible();
  const kept = await page.evaluate(
    () => (JSON.parse(localStorage.getItem('ekyc.session') ?? '{}') as { utmParameters?: unknown }).utmParameters,
  );
  expect(kept).toEqual({
    refcode: 'RM1234',
    utm_source: 'newsletter',
    utm_medium: 'email',
    utm_campaign: 'diwali-2026',
  });
});

async function useLanguage(page: Page, lng: string) {
  await page.addInitScript((l) => localStorage.setItem('ekyc.lang', l), lng);
}

// the content files' texts in each language, and every string of the pages in its catalogue
for (const [lng, expected] of [
  ['hi', { holiday: 'गणतंत्र दिवस', form: 'नामांकन फ़ॉर्म', officer: 'शिकायत अधिकारी', ipo: 'बोली के लिए खुला' }],
  ['be', { holiday: 'প্রজাতন্ত্র দিবস', form: 'নমিনেশন ফর্ম', officer: 'অভিযোগ আধিকারিক', ipo: 'বিডের জন্য খোলা' }],
  ['gu', { holiday: 'પ્રજાસત્તાક દિવસ', form: 'નોમિનેશન ફોર્મ', officer: 'ફરિયાદ અધિકારી', ipo: 'બોલી માટે ખુલ્લો' }],
  ['mar', { holiday: 'प्रजासत्ताक दिन', form: 'नामनिर्देशन फॉर्म', officer: 'तक्रार अधिकारी', ipo: 'बोलीसाठी खुला' }],
] as const)
  test(`the content pages read in ${lng}`, ANY_SIZE, async ({ page }) => {
    await useLanguage(page, lng);
    await page.clock.setFixedTime(IPO_WEEK);
    await page.goto('/pages/holidays');
    const pages: [string, string][] = [
      ['/pages/holidays', expected.holiday],
      ['/pages/downloads', expected.form],
      ['/pages/grievances', expected.officer],
      ['/pages/upcoming-ipo', expected.ipo],
    ];
    for (const [path, text] of pages) {
      await page.evaluate((p) => {
        window.__missingI18n = [];
        history.pushState({}, '', p);
        dispatchEvent(new PopStateEvent('popstate'));
      }, path);
      await expect(page.getByRole('main').getByText(text).first(), path).toBeVisible();
      expect(await page.evaluate(() => window.__missingI18n ?? []), path).toEqual([]);
      if (lng === 'hi') await look(page, shot(`${lng}${path.replace(/\//g, '-')}`), { fullPage: true });
    }
  });

declare global {
  interface Window {
    __missingI18n?: string[];
  }
}
