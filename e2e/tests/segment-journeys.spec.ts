import { monthsBefore } from '@ekyc/contracts/calls/update-segment';
import { todayOf } from '@ekyc/contracts/dates';
import { MSG } from '@ekyc/contracts/messages';
import { expect, type Page, test } from '@playwright/test';
import { encryptPdfRc4, makeProofPdf } from '../../apps/api/test/support/segment-pdf';
import { seedApplicant, VERIFIED_IDENTITY } from '../support/journey';
import { look } from '../support/look';

const SEGMENT_URL = '/ekyc1/bank-and-segment/segment';
const iso = (d: { day: number; month: number; year: number }) =>
  `${d.year}-${String(d.month).padStart(2, '0')}-${String(d.day).padStart(2, '0')}`;

async function openSegmentPage(page: Page, request: Parameters<typeof seedApplicant>[1]) {
  await seedApplicant(page, request, 190, { ...VERIFIED_IDENTITY });
  await page.goto(SEGMENT_URL);
  await expect(page.getByRole('checkbox', { name: 'Equity', exact: true })).toBeVisible();
}

/** A derivatives segment is ticked only once its risk disclosure is acknowledged. */
async function chooseDerivative(page: Page, name: string) {
  await page.getByRole('checkbox', { name, exact: true }).click();
  await page.getByRole('button', { name: 'I have read and understood the risk disclosures' }).click();
  await expect(page.getByRole('checkbox', { name, exact: true })).toBeChecked();
}

const shot = (page: Page, name: string) => look(page, `segment-${name}.png`, { fullPage: true });

test('equity only: the locked equity segment is enough to continue to the selfie', async ({ page, request }) => {
  await openSegmentPage(page, request);
  const equity = page.getByRole('checkbox', { name: 'Equity', exact: true });
  await expect(equity).toBeChecked();
  await expect(equity).toBeDisabled();
  // locked on: a tap (forced: it is announced as unavailable) leaves it chosen
  await equity.click({ force: true });
  await expect(equity).toBeChecked();
  for (const name of ['Equity Derivatives', 'Currency Derivatives', 'Commodity Derivatives', 'Mutual Funds'])
    await expect(page.getByRole('checkbox', { name, exact: true })).not.toBeChecked();
  await expect(page.getByText('MCX')).toBeVisible();
  await shot(page, 'list');
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page).toHaveURL(/\/ekyc1\/take-selfie$/);
});

test('equity plus derivatives with a password-protected PDF proof, manual', async ({ page, request }) => {
  await openSegmentPage(page, request);
  await chooseDerivative(page, 'Equity Derivatives');
  const cont = page.getByRole('button', { name: 'Continue' });
  await cont.click();
  await expect(page.getByText(MSG.segmentUploadProcessRequired)).toBeVisible();

  await page.getByRole('radio', { name: 'Manual' }).check();
  await cont.click();
  await expect(page.getByText(MSG.segmentProofOptionRequired)).toBeVisible();
  await expect(page.getByText(MSG.segmentProofRequired)).toBeVisible();

  // each proof type with its rule
  await page.getByRole('radio', { name: 'Demat holding statement' }).check();
  await page.getByLabel('Holding value (₹)').fill('12000');
  await cont.click();
  await expect(page.getByText(MSG.dematHoldingAbove)).toBeVisible();
  await page.getByRole('radio', { name: 'Salary slip not more than 3 months old' }).check();
  await page.getByLabel('Salary slip date').fill(iso(monthsBefore(todayOf(), 4)));
  await cont.click();
  await expect(page.getByText(MSG.salarySlipOld)).toBeVisible();
  await page.getByLabel('Salary slip date').fill(iso(monthsBefore(todayOf(), 1)));

  const upload = page.getByLabel('Upload proof (PDF)');
  await upload.setInputFiles({
    name: 'slip.png',
    mimeType: 'image/png',
    buffer: Buffer.from('89504e470d0a1a0a', 'hex'),
  });
  await expect(page.getByText(MSG.segmentPdfOnly)).toBeVisible();

  const locked = await encryptPdfRc4(await makeProofPdf(), { userPassword: 'RAVI1508', ownerPassword: 'o', bits: 128 });
  await upload.setInputFiles({
    name: 'salary-slip-october.pdf',
    mimeType: 'application/pdf',
    buffer: Buffer.from(locked),
  });
  await expect(page.getByText('Selected: salary-slip-oct…')).toBeVisible();
  const password = page.getByLabel('PDF password');
  await expect(password).toBeVisible();
  await cont.click();
  await expect(page.getByText(MSG.segmentPdfPasswordRequired)).toBeVisible();
  await password.fill('wrong-one');
  await cont.click();
  await expect(page.getByText(MSG.segmentPdfPasswordWrong).first()).toBeVisible();
  await shot(page, 'manual');
  await password.fill('RAVI1508');
  await cont.click();
  await expect(page).toHaveURL(/\/ekyc1\/take-selfie$/);
});

test('derivatives with the digital route: the account aggregator window approves', async ({ page, request }) => {
  await openSegmentPage(page, request);
  await chooseDerivative(page, 'Currency Derivatives');
  await page.getByRole('radio', { name: 'Digital' }).check();
  const popupOpened = page.waitForEvent('popup');
  await page.getByRole('button', { name: 'Continue' }).click();
  const popup = await popupOpened;
  await expect(popup.getByRole('heading', { name: 'Approve consent' })).toBeVisible();
  await expect(popup.getByText('DEPOSIT (bank statement)')).toBeVisible();
  await expect(page.getByText('Approve the consent in the account aggregator window to continue.')).toBeVisible();
  expect(await page.evaluate(() => JSON.parse(localStorage.getItem('ekyc.session')!).clienttrnxid)).toMatch(
    /^[0-9a-f-]{36}$/,
  );
  await look(popup, 'segment-aa.png');
  const closed = popup.waitForEvent('close');
  await popup.getByRole('button', { name: 'Approve' }).click();
  await closed;
  await expect(page).toHaveURL(/\/ekyc1\/take-selfie$/);
});

test('a rejected consent keeps the applicant on segments with the server message', async ({ page, request }) => {
  await openSegmentPage(page, request);
  await chooseDerivative(page, 'Commodity Derivatives');
  await page.getByRole('radio', { name: 'Digital' }).check();
  const popupOpened = page.waitForEvent('popup');
  await page.getByRole('button', { name: 'Continue' }).click();
  const popup = await popupOpened;
  await popup.getByRole('button', { name: 'Reject' }).click();
  await expect(page.getByText(MSG.aaConsentFailed)).toBeVisible();
  await expect(
    page.getByText('Your last attempt to share the proof digitally did not go through.', { exact: false }),
  ).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`${SEGMENT_URL}$`));
  expect(await page.evaluate(() => JSON.parse(localStorage.getItem('ekyc.session')!).segmentFailed)).toBe(true);
});

test('with popups blocked, the consent page opens by redirect and returns to the segment page', async ({
  page,
  request,
}) => {
  await page.addInitScript(() => {
    window.open = () => null;
  });
  await openSegmentPage(page, request);
  await chooseDerivative(page, 'Equity Derivatives');
  await page.getByRole('radio', { name: 'Digital' }).check();
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page).toHaveURL(/\/sandbox\/account-aggregator\/webview\?fi=/);
  await page.getByRole('button', { name: 'Approve' }).click();
  await expect(page).toHaveURL(/\/ekyc1\/take-selfie$/);
});
