/**
 * Accessibility of every applicant step (WCAG 2.2 AA, as SEBI's KYC duties require): axe-core finds
 * no serious or critical violation; each step names itself in the document title and its heading.
 */
import { expect, test, type Locator, type Page } from '@playwright/test';
import { outboxOtp, seedApplicant, uniqueMobile, VERIFIED_IDENTITY } from '../support/journey';
import { look } from '../support/look';
import { seriousViolations } from '../support/axe';

const BANK = {
  ifsc: 'HDFC0000001',
  bank_name: 'HDFC BANK',
  account_number: '123456789012',
  account_type: 'Saving',
  bank_verify_edit: false,
};
const PERSONAL = {
  occupation__name: 'Private Sector',
  annual_income__name: '5-10 lakhs',
  gender: 'M',
  marital_status: 'married',
  father_name: 'Ramesh Sharma',
  mother_name: 'Sita Sharma',
  indian_citizen: true,
  resident_of_india: true,
  politically_exposed: true,
};
const SIGNATURE = { document_type: 'png', upload_type: 'digital' };
const NOMINEE = { skip_nominee: true, nominee_list: [] };
const SEGMENT = { segment_list: [{ code: 'equity_1', name: 'Equity' }] };

/** Each applicant step: the stage the applicant is seeded at, with the sections it needs. */
const STEPS: Array<{ path: string; stage: number; sections: Record<string, Record<string, unknown>> }> = [
  { path: '/ekyc1/pan-verification', stage: 130, sections: {} },
  { path: '/ekyc1/privacy', stage: 130, sections: {} },
  { path: '/ekyc1/assisted-kyc', stage: 130, sections: {} },
  { path: '/ekyc1/digilocker', stage: 140, sections: { pan_obj: VERIFIED_IDENTITY.pan_obj } },
  { path: '/ekyc1/client-profiling/occupation', stage: 150, sections: VERIFIED_IDENTITY },
  {
    path: '/ekyc1/bank-and-segment',
    stage: 160,
    sections: { ...VERIFIED_IDENTITY, personal_obj: PERSONAL },
  },
  {
    path: '/ekyc1/bank-and-segment/signature',
    stage: 170,
    sections: { ...VERIFIED_IDENTITY, personal_obj: PERSONAL, bank_obj: BANK },
  },
  {
    path: '/ekyc1/bank-and-segment/nominee',
    stage: 180,
    sections: { ...VERIFIED_IDENTITY, personal_obj: PERSONAL, bank_obj: BANK, signature_obj: SIGNATURE },
  },
  {
    path: '/ekyc1/bank-and-segment/segment',
    stage: 190,
    sections: {
      ...VERIFIED_IDENTITY,
      personal_obj: PERSONAL,
      bank_obj: BANK,
      signature_obj: SIGNATURE,
      nominee_obj: NOMINEE,
    },
  },
  {
    path: '/ekyc1/take-selfie',
    stage: 200,
    sections: {
      ...VERIFIED_IDENTITY,
      personal_obj: PERSONAL,
      bank_obj: BANK,
      signature_obj: SIGNATURE,
      nominee_obj: NOMINEE,
      segment_obj: SEGMENT,
    },
  },
  {
    path: '/ekyc1/e-sign',
    stage: 210,
    sections: {
      ...VERIFIED_IDENTITY,
      personal_obj: PERSONAL,
      bank_obj: BANK,
      nominee_obj: NOMINEE,
      segment_obj: SEGMENT,
    },
  },
  { path: '/ekyc1/status', stage: 220, sections: {} },
];

test('sign-up, OTP and email steps have no serious accessibility violation', async ({ page }) => {
  await page.goto('/ekyc1/');
  await expect(page.getByLabel('Mobile number')).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await page.goto(`/ekyc1/verify-otp?mobile=${uniqueMobile()}`);
  await expect(page.getByLabel('Enter OTP')).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
});

for (const step of STEPS) {
  test(`${step.path} has no serious accessibility violation and names itself`, async ({ page, request }) => {
    await seedApplicant(page, request, step.stage, step.sections);
    await page.goto(step.path);
    await expect(page).toHaveURL(new RegExp(`${step.path}$`));
    const heading = page.getByRole('heading', { level: 1 });
    await expect(heading).toBeVisible();
    await expect(page.locator('section[aria-busy], [role="status"]:has-text("Loading…")')).toHaveCount(0);
    // the tab's title is the step's heading and the brand
    await expect(page).toHaveTitle(`${await heading.innerText()} · Open Demat`);
    expect(await seriousViolations(page)).toEqual([]);
  });
}

/** Presses Tab until the element has the focus (at most 20 presses), as a keyboard user would. */
async function tabTo(page: Page, target: Locator) {
  for (let i = 0; i < 20; i++) {
    if (await target.evaluate((el) => el === document.activeElement)) return;
    await page.keyboard.press('Tab');
  }
  throw new Error('the element cannot be reached with Tab');
}

/** After a step change: the tab's title names the new step, and the focus is on its heading or its first field. */
async function announces(page: Page, title: string) {
  await expect(page).toHaveTitle(`${title} · Open Demat`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(title);
  await expect.poll(() => page.evaluate(() => document.activeElement?.tagName)).toMatch(/^(H1|INPUT)$/);
}

test('sign-up and PAN with the keyboard alone, each step announced', async ({ page, request }) => {
  const mobile = uniqueMobile();
  await page.goto('/ekyc1/');
  await expect(page).toHaveTitle('Open a free demat account · Open Demat');
  await tabTo(page, page.getByLabel('Mobile number'));
  await page.keyboard.type(mobile);
  await page.keyboard.press('Enter');

  await announces(page, 'Verify your mobile number');
  await tabTo(page, page.getByLabel('Enter OTP'));
  await page.keyboard.type(await outboxOtp(request, mobile));
  await page.keyboard.press('Enter');

  await announces(page, 'Add your email');
  const email = `keys${mobile}@example.com`;
  await tabTo(page, page.getByLabel('Email'));
  await page.keyboard.type(email);
  await page.keyboard.press('Enter');

  await announces(page, 'Verify your email');
  await tabTo(page, page.getByLabel('Enter OTP'));
  await page.keyboard.type(await outboxOtp(request, email));
  await page.keyboard.press('Enter');

  await announces(page, 'PAN verification');
  await tabTo(page, page.getByLabel('PAN number'));
  await page.keyboard.type('ABCPK1234Q');
  await expect(page.getByLabel('PAN number')).toHaveValue('ABCPK1234Q');
  await look(page, 'keyboard-pan.png');
});

/** Whether the page scrolls sideways, and the right edge of the language switch. */
const layout = (page: Page) =>
  page.evaluate(() => ({
    sideways: document.documentElement.scrollWidth > window.innerWidth,
    switchRight: document.querySelector('header select')?.getBoundingClientRect().right ?? Infinity,
    width: window.innerWidth,
  }));

test.describe('on a 320 px screen', () => {
  test.use({ viewport: { width: 320, height: 640 } });

  test('at 200 % text nothing scrolls sideways and the language switch stays on screen', async ({ page, request }) => {
    await page.goto('/ekyc1/');
    await expect(page.getByLabel('Mobile number')).toBeVisible();
    await page.addStyleTag({ content: 'html { font-size: 200% !important; }' });
    let now = await layout(page);
    expect(now.sideways).toBe(false);
    expect(now.switchRight).toBeLessThanOrEqual(now.width);
    await look(page, 'sign-up-200-percent.png', { fullPage: true });

    await seedApplicant(page, request, 160, { ...VERIFIED_IDENTITY, personal_obj: PERSONAL });
    await page.goto('/ekyc1/bank-and-segment');
    await expect(page.getByRole('link', { name: 'Back' })).toBeVisible();
    await page.addStyleTag({ content: 'html { font-size: 200% !important; }' });
    now = await layout(page);
    expect(now.sideways).toBe(false);
    expect(now.switchRight).toBeLessThanOrEqual(now.width);
  });

  test('the frame and the sign-up form have touch targets of at least 44 px', async ({ page, request }) => {
    const height = async (target: Locator) => (await target.boundingBox())?.height ?? 0;
    await page.goto('/ekyc1/');
    await expect(page.getByLabel('Mobile number')).toBeVisible();
    const header = page.getByRole('banner');
    for (const target of [
      header.getByRole('link', { name: 'Open Demat' }),
      header.getByRole('link', { name: 'Help' }),
      header.getByRole('combobox'),
      // the WhatsApp opt-in: its whole row (the label) takes the tap
      page.locator('label', { has: page.getByRole('checkbox') }),
      page.getByRole('button', { name: 'Send OTP' }),
    ])
      expect(await height(target)).toBeGreaterThanOrEqual(44);

    await seedApplicant(page, request, 160, { ...VERIFIED_IDENTITY, personal_obj: PERSONAL });
    await page.goto('/ekyc1/bank-and-segment');
    expect(await height(page.getByRole('link', { name: 'Back' }))).toBeGreaterThanOrEqual(44);
  });
});

test('every step links the accessibility statement with its nodal officer, and the grievance route', async ({
  page,
}) => {
  await page.goto('/ekyc1/');
  const statement = page.waitForEvent('popup');
  await page.getByRole('link', { name: 'Accessibility' }).click();
  const tab = await statement;
  await expect(tab.getByRole('heading', { level: 1 })).toHaveText('Accessibility statement');
  await expect(tab.getByText(/nodal officer for accessibility, .+, at accessibility@/)).toBeVisible();
  await expect(tab.getByRole('main').getByText(/SEBI SCORES/)).toBeVisible();
  expect(await seriousViolations(tab)).toEqual([]);
  // and from the public site's footer
  await expect(tab.locator('footer').getByRole('link', { name: 'Accessibility statement' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Grievances' })).toHaveAttribute('href', '/pages/grievances');
});

// one test per page: each has its own time budget (axe over a long page is slow on a busy machine)
for (const path of [
  '/',
  '/charges',
  '/faq',
  '/watchlist',
  '/knowledge-centre/demat',
  '/pages/grievances',
  '/pages/holidays',
  '/pages/upcoming-ipo',
  '/pages/downloads',
  '/pages/accessibility',
]) {
  test(`the public page ${path} has no serious accessibility violation`, async ({ page }) => {
    await page.goto(path);
    await expect(page.locator('main h1').first()).toBeVisible();
    if (path === '/watchlist') await expect(page.locator('tbody tr').first()).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
  });
}
