/**
 * Bank verification journeys: UPI approved by the sandbox UPI app; UPI declined then manual;
 * manual with the penny drop passing; the penny drop failing then a cancelled cheque. Each ends
 * on the signature page.
 */
import { expect, type Page, test } from '@playwright/test';
import sharp from 'sharp';
import { look } from '../support/look';
import { seedApplicant, VERIFIED_IDENTITY } from '../support/journey';

const BANK_VERIFIED = 'Bank Verified successfully';
const NOT_VERIFIED = 'Your Bank yet not verified';
const WAIT = 'Please Check your UPI App for verification';
const shot = (page: Page, name: string) =>
  look(page, `bank-${name}-${test.info().project.name}.png`, { fullPage: true });

async function startAtBank(page: Page, request: Parameters<typeof seedApplicant>[1]) {
  await seedApplicant(page, request, 160, VERIFIED_IDENTITY);
  await page.goto('/ekyc1/bank-and-segment');
  await expect(page.getByRole('heading', { name: 'Bank Verification' })).toBeVisible();
}

async function fillManual(page: Page, account: string) {
  const cont = page.getByRole('button', { name: 'Continue' });
  await page.getByLabel('IFSC', { exact: true }).fill('hdfc0000001');
  await expect(page.getByLabel('IFSC', { exact: true })).toHaveValue('HDFC0000001');
  await expect(page.getByText('HDFC Bank', { exact: true })).toBeVisible();
  await page.getByLabel('Account number', { exact: true }).fill(account);
  await page.getByLabel('Confirm account number').fill(account.slice(0, -1) + ((Number(account.at(-1)) + 1) % 10));
  await expect(page.getByText('Account numbers do not match')).toBeVisible();
  await page.getByLabel('Confirm account number').fill(account);
  // Continue waits for the account type (section 4).
  await expect(cont).toBeDisabled();
  await page.getByLabel('Saving').check();
  await expect(cont).toBeEnabled();
  return cont;
}

test('UPI approved in the UPI app goes on to the signature', async ({ page, request }) => {
  await startAtBank(page, request);
  await expect(page.getByLabel(/UPI/)).toBeChecked();
  await shot(page, 'method');
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page).toHaveURL(/\/bank-and-segment\/upi$/);
  await page.getByLabel('UPI ID', { exact: true }).fill('ravi.sharma@oka');
  await page.getByRole('button', { name: '@okaxis' }).click();
  await expect(page.getByLabel('UPI ID', { exact: true })).toHaveValue('ravi.sharma@okaxis');
  await shot(page, 'upi');
  await page.getByRole('button', { name: 'Continue' }).click();
  // The sandbox app approves within seconds: the wait screen may already have given way.
  await expect(page.getByText(WAIT).or(page.getByText(BANK_VERIFIED)).first()).toBeVisible();
  await expect(page).toHaveURL(/\/bank-and-segment\/signature$/, { timeout: 20_000 });
  await expect(page.getByText(BANK_VERIFIED).first()).toBeVisible();
});

test('UPI intent/QR: paying ₹1 from the sandbox UPI app verifies the paying account', async ({ page, request }) => {
  await startAtBank(page, request);
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page).toHaveURL(/\/bank-and-segment\/upi$/);
  await page.getByRole('button', { name: 'Pay ₹1 with any UPI app' }).click();
  await expect(page.getByText(WAIT)).toBeVisible();
  // A phone gets a button that opens the UPI app; a desktop gets the QR code.
  const phone = test.info().project.name === 'phone';
  if (phone)
    await expect(page.getByRole('link', { name: 'Open UPI app to pay ₹1' })).toHaveAttribute('href', /^upi:\/\/pay\?/);
  else await expect(page.getByAltText('QR code to pay ₹1 with your UPI app')).toBeVisible();
  await shot(page, 'intent');
  const [app] = await Promise.all([
    page.context().waitForEvent('page'),
    page.getByRole('link', { name: 'Open the sandbox UPI app' }).click(),
  ]);
  await app.getByRole('button', { name: 'Pay ₹1.00' }).click();
  await expect(page).toHaveURL(/\/bank-and-segment\/signature$/, { timeout: 20_000 });
  await expect(page.getByText(BANK_VERIFIED).first()).toBeVisible();
});

test('UPI declined, then the manual penny drop verifies the account', async ({ page, request }) => {
  await startAtBank(page, request);
  await page.getByRole('button', { name: 'Next' }).click();
  await page.getByLabel('UPI ID', { exact: true }).fill('not-a-handle@nowhere');
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByText('Enter valid UPI Id')).toBeVisible();
  await page.getByLabel('UPI ID', { exact: true }).fill('decline.me@ybl');
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByText(WAIT).or(page.getByText(NOT_VERIFIED)).first()).toBeVisible();
  await expect(page.getByText(NOT_VERIFIED)).toBeVisible({ timeout: 20_000 });
  await expect(page).toHaveURL(/\/bank-and-segment$/);

  await page.getByLabel(/Manual/).check();
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page).toHaveURL(/\/bank-and-segment\/add-bank$/);
  const cont = await fillManual(page, '50100123456789');
  await cont.click();
  await expect(page).toHaveURL(/\/bank-and-segment\/signature$/);
  await expect(page.getByText(BANK_VERIFIED).first()).toBeVisible();
});

test('manual entry: the penny drop passes and the name check is shown', async ({ page, request }) => {
  await startAtBank(page, request);
  await page.goto('/ekyc1/bank-and-segment/add-bank');
  await expect(page.getByRole('button', { name: 'Continue' })).toBeDisabled();
  await page.getByLabel('IFSC', { exact: true }).fill('HDFC1000001');
  await expect(page.getByText('Enter valid IFSC code')).toBeVisible();
  const cont = await fillManual(page, '123456789012');
  await shot(page, 'add-bank');
  await cont.click();
  await expect(page).toHaveURL(/\/bank-and-segment\/signature$/);
  // Back on add-bank, a verified applicant sees the account and the name check, then Next.
  await page.goto('/ekyc1/bank-and-segment/add-bank');
  await expect(page.getByText('Name check: Exact match')).toBeVisible();
  await expect(page.getByText('RAVI KUMAR SHARMA').first()).toBeVisible();
  await shot(page, 'verified');
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page).toHaveURL(/\/bank-and-segment\/signature$/);
});

test('a failed penny drop goes to the cancelled cheque, whose upload goes on to the signature', async ({
  page,
  request,
}) => {
  await startAtBank(page, request);
  await page.goto('/ekyc1/bank-and-segment/add-bank');
  const cont = await fillManual(page, '123456789000');
  await cont.click();
  await expect(page).toHaveURL(/\/bank-and-segment\/cancel-cheque$/);
  const failed = 'Your Bank Verification has failed, Please Verify your bank manually using Cancelled cheque.';
  await expect(page.getByRole('main').getByRole('alert').filter({ hasText: failed })).toBeVisible();

  const upload = page.getByLabel('Upload cancelled cheque');
  await upload.setInputFiles({ name: 'notes.pdf', mimeType: 'application/pdf', buffer: Buffer.from('%PDF-1.4') });
  await expect(page.getByText('Only images (PNG, JPEG) files can be uploaded')).toBeVisible();
  const cheque = await sharp({ create: { width: 1600, height: 700, channels: 3, background: '#e8f0ff' } })
    .png()
    .toBuffer();
  await upload.setInputFiles({ name: 'cancelled-cheque-photo.png', mimeType: 'image/png', buffer: cheque });
  await expect(page.getByText('cancelled-chequ…')).toBeVisible();
  await shot(page, 'cheque');
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page).toHaveURL(/\/bank-and-segment\/signature$/, { timeout: 30_000 });
});

test('a cheque that reads differently from the typed account says so on the cheque step, then goes on', async ({
  page,
  request,
}) => {
  await startAtBank(page, request);
  await page.goto('/ekyc1/bank-and-segment/add-bank');
  await (await fillManual(page, '123456789000')).click();
  await expect(page).toHaveURL(/\/bank-and-segment\/cancel-cheque$/);
  // a cheque printed with another account number than the one typed
  const printed = `<svg xmlns="http://www.w3.org/2000/svg" width="800" height="360"><rect width="100%" height="100%" fill="#f4f8ff"/>
<text x="30" y="50" font-family="DejaVu Sans" font-size="26" font-weight="bold">HDFC BANK</text>
<text x="30" y="115" font-family="DejaVu Sans" font-size="20">IFSC: HDFC0000001</text>
<text x="30" y="200" font-family="DejaVu Sans" font-size="20">A/C No. 50100123456789</text>
<text x="30" y="240" font-family="DejaVu Sans" font-size="18">RAVI KUMAR SHARMA</text></svg>`;
  const cheque = await sharp(Buffer.from(printed)).jpeg({ quality: 90 }).toBuffer();
  await page
    .getByLabel('Upload cancelled cheque')
    .setInputFiles({ name: 'cheque.jpg', mimeType: 'image/jpeg', buffer: cheque });
  await page.getByRole('button', { name: 'Continue' }).click();
  // the message stays with the step that raised it, in the page, until the applicant goes on
  const differs =
    'The IFSC or account number we read on the cheque differs from what you entered. Our team will check it.';
  await expect(page.getByRole('main').getByRole('status').filter({ hasText: differs })).toBeVisible({
    timeout: 30_000,
  });
  await expect(page).toHaveURL(/\/bank-and-segment\/cancel-cheque$/);
  await shot(page, 'cheque-differs');
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page).toHaveURL(/\/bank-and-segment\/signature$/);
  await expect(page.getByText(differs)).toHaveCount(0);
  // and nothing lies over the signature pad: no message box of any step covers it on the phone
  const pad = page.locator('canvas').first();
  await expect(pad).toBeVisible();
  const covered = await pad.evaluate((canvas) => {
    const p = canvas.getBoundingClientRect();
    return Array.from(document.querySelectorAll('[data-toaster] > *')).some((box) => {
      const r = box.getBoundingClientRect();
      return r.bottom > p.top && r.top < p.bottom && r.right > p.left && r.left < p.right;
    });
  });
  expect(covered).toBe(false);
  await shot(page, 'signature-after-cheque');
});
