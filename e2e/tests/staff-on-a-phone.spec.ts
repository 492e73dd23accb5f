/**
 * The back office on a phone (a reviewer away from the desk, at 412 px, and at 320 px, the width
 * WCAG's reflow asks for): every page fits the width without the page scrolling sideways (a wide
 * table scrolls inside its own region), and axe-core finds no serious or critical violation.
 */
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { SIGNED_SECTIONS, signedInToBackoffice, staffToken, uniqueMobile, withOwnPan } from '../support/journey';
import { look } from '../support/look';
import { seriousViolations } from '../support/axe';

const ADMIN = {
  email: 'phone.admin@broker.example',
  password: 'phone-admin-pass-42',
  name: 'Pooja Phone',
  role: 'admin',
};

/** Four eyes: a second person confirms the approval. */
const CHECKER = {
  email: 'phone.checker@broker.example',
  password: 'phone-check-pass-42',
  name: 'Chetan Check',
  role: 'checker',
};

/**
 * An approved application whose exchange client code the sandbox refuses (PAN digits 7777): it
 * stays on the "not yet tradable" list, so that page is seen with a row in it.
 */
async function approvedNotTradable(request: APIRequestContext) {
  const created = await request.post('/sandbox/fixtures/applicant', {
    data: {
      mobile: uniqueMobile(),
      stage: 220,
      sections: { ...SIGNED_SECTIONS, pan_obj: { ...SIGNED_SECTIONS.pan_obj, pan_number: 'ABCPS7777K' } },
    },
  });
  const id = ((await created.json()) as { data: { applicant_id: string } }).data.applicant_id;
  const call = async (token: string, path: string, data?: object) =>
    expect(
      (
        await request.post(`/api/v1/backoffice/applications/${id}/${path}`, {
          headers: { authorization: `Bearer ${token}` },
          ...(data && { data }),
        })
      ).status(),
    ).toBe(200);
  await call(await staffToken(request, ADMIN), 'decisions', {
    decisions: [110, 120, 130, 140, 150, 160, 170, 180, 190, 200, 210].map((stage) => ({ stage, activity: 'Accept' })),
  });
  await call(await staffToken(request, CHECKER), 'confirm');
}

/** How far the page itself scrolls sideways (0 when it fits). */
const sideways = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

/** The back office's pages; `id` is an application that reached the back office, for its own pages. */
const PAGES: [name: string, url: (id: string) => string][] = [
  ['the review queue', () => '/backoffice/'],
  ['an application', (id) => `/backoffice/applications/${id}`],
  ["an application's audit trail", (id) => `/backoffice/applications/${id}/audit`],
  ['the not-yet-tradable list', () => '/backoffice/not-tradable'],
  ['the funnel', () => '/backoffice/funnel'],
  ['the team', () => '/backoffice/team'],
  ['assisted KYC', () => '/backoffice/assisted-kyc'],
  ['the staff list', () => '/backoffice/staff'],
  ['awaiting confirmation', () => '/backoffice/awaiting-confirmation'],
  ['the reports', () => '/backoffice/reports'],
  ["the client area's requests", () => '/backoffice/service-requests'],
  ['my account', () => '/backoffice/account'],
];

/**
 * The application its pages are seen with, the same every run: a signed application whose every
 * automated check was recorded, the e-sign certificate's name beside a long Aadhaar name, so the
 * checks table is wider than a phone and scrolls in its own region (with fewer checks or a short
 * name it fitted, and a box the keyboard could not reach went unseen).
 */
const WITH_EVERY_CHECK = {
  ...SIGNED_SECTIONS,
  bank_obj: {
    ...SIGNED_SECTIONS.bank_obj,
    verification: { method: 'penny_drop' },
    name_match: { result: 'close', score: 0.91 },
    cheque_ocr: { legible: true, ifsc_matches: true, account_matches: true },
  },
  livness_obj: {
    module_outcome: 'auto_approved',
    live: true,
    live_confidence: 0.98,
    face_match: true,
    face_match_score: 0.93,
    face_match_threshold: 0.8,
  },
  esign_obj: {
    signer_name_match: {
      result: 'close',
      signer_name: 'RAVI KUMAR SHARMA VENKATARAMANAN',
      aadhaar_name: 'Ravi Kumar Sharma Venkataramanan Iyer',
    },
  },
};

// one test a page, so that they run side by side
for (const [name, urlOf] of PAGES)
  test(`${name} fits a phone at 412 and 320 px, and reads well to a screen reader`, async ({ page, request }) => {
    const created = await request.post('/sandbox/fixtures/applicant', {
      data: { mobile: uniqueMobile(), stage: 220, sections: withOwnPan(WITH_EVERY_CHECK) },
    });
    const url = urlOf(((await created.json()) as { data: { applicant_id: string } }).data.applicant_id);
    if (url === '/backoffice/not-tradable') await approvedNotTradable(request);
    // signing in is the back-office tests' subject; here the pages once signed in are
    await signedInToBackoffice(page, request, ADMIN);

    for (const width of [412, 320]) {
      // 320 px: WCAG's reflow width
      if (width === 320) await page.setViewportSize({ width, height: 640 });
      await page.goto(url);
      // signed in: the page itself under the back office's menu, not the login form
      await expect(page.getByRole('button', { name: 'Sign out' })).toBeVisible();
      await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
      await expect(page.locator('[role="status"]:has-text("Loading")')).toHaveCount(0);
      expect.soft(await sideways(page), `${url} at ${width} px scrolls sideways`).toBe(0);
      if (name === 'an application' && width === 320) {
        // the checks table is wider than the phone: it scrolls in its region, which the keyboard reaches
        const checks = page.locator('[role="region"][aria-label="Checks"]');
        // pan_name_dob, bank_name_match, cheque, liveness_module, liveness, face_match, esign_signer_name
        await expect(checks.locator('tr[data-check]')).toHaveCount(7);
        expect(await checks.evaluate((box) => box.scrollWidth > box.clientWidth)).toBe(true);
        await expect(checks).toHaveAttribute('tabindex', '0');
      }
      if (width === 412)
        await look(page, `staff-phone-${urlOf('application').replace(/\W+/g, '-')}.png`, { fullPage: true });
      // at both widths: a box that scrolls only on the narrower screen is checked there
      expect.soft(await seriousViolations(page), `${url} at ${width} px`).toEqual([]);
    }
  });
