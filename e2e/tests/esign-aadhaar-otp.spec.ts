/** E-sign: preview, agree, pre-modal, the 400x700 popup with the Aadhaar OTP, countdown colours, expiry, blocked popups. */
import { MSG } from '@ekyc/contracts/messages';
import { expect, type Page, test } from '@playwright/test';
import { ESIGN_SECTIONS, FORM_READY, outboxOtp, seedApplicant } from '../support/journey';
import { look } from '../support/look';
import { ANY_SIZE } from '../support/sizes';

async function openSigning(page: Page) {
  await page.getByLabel(/I have read and acknowledge the documents listed above/).check();
  await page.getByLabel(/I have read the account opening form/).check();
  await page.getByRole('button', { name: 'E-Sign With Aadhaar OTP' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByText(MSG.esignSecondsLeft)).toBeVisible();
  const popup = page.waitForEvent('popup');
  await dialog.getByRole('button', { name: 'Continue' }).click();
  return popup;
}

test('signs the form with the Aadhaar OTP from the outbox and shows the status', async ({ page, request }) => {
  const { mobile } = await seedApplicant(page, request, 210, ESIGN_SECTIONS);
  await page.goto('/ekyc1/e-sign');
  await expect(page.getByRole('img', { name: /^Account opening form, page 1 of \d+$/ })).toBeVisible(FORM_READY);
  await expect(page.getByRole('link', { name: 'Download the form (PDF)' })).toBeVisible();
  // the broker's documents with their versions, marked as samples, before the applicant signs
  const documents = page.getByTestId('broker-documents');
  await expect(documents.getByRole('link')).toHaveText([
    'Most Important Terms and Conditions (MITC)',
    'Rights and Obligations',
    'Risk Disclosure Document',
    "Guidance note: do's and don'ts",
    'Tariff sheet',
    'Investor Charter',
  ]);
  await expect(documents).toContainText('sample to be replaced by the broker');
  // and who the account is opened with: the broker's SEBI, exchange and depository registrations
  const registrations = page.getByTestId('broker-registrations');
  await expect(registrations).toContainText('SEBI registration no. INZ000000000');
  await expect(registrations).toContainText('NSE member code 00000');
  await expect(registrations).toContainText('DP id 12000000');
  await expect(registrations).toContainText('Sample registration numbers');
  await expect(page.getByText(MSG.allowPopups)).toBeVisible();
  await look(page, `esign-page-${test.info().project.name}.png`, { fullPage: true });

  await page.getByRole('button', { name: 'E-Sign With Aadhaar OTP' }).click();
  await expect(page.getByText(MSG.agreeRequired)).toBeVisible();

  const popup = await openSigning(page);
  await expect(popup.getByLabel('Aadhaar OTP')).toBeVisible();
  const size = await popup.evaluate(() => ({ w: window.innerWidth, h: window.innerHeight }));
  expect(size.w).toBeLessThanOrEqual(400);
  await expect(page.getByTestId('esign-countdown')).toHaveText(/0[12]:\d\d/);
  await popup.getByLabel('Aadhaar OTP').fill(await outboxOtp(request, mobile));
  await look(popup, `esign-popup-${test.info().project.name}.png`);
  await popup.getByRole('button', { name: 'Verify OTP and sign' }).click();

  await expect(page).toHaveURL(/\/ekyc1\/status$/, { timeout: 30_000 });
  await expect(page.getByText(MSG.statusUnderReview)).toBeVisible();
  await expect(page.getByRole('link', { name: 'Download signed form (PDF)' })).toBeVisible();
});

test(
  'the countdown changes colour at 20, 15 and 10 seconds, then the time limit restarts e-sign',
  ANY_SIZE,
  async ({ page, request }) => {
    await seedApplicant(page, request, 210, ESIGN_SECTIONS);
    await page.goto('/ekyc1/e-sign');
    // freeze the page's Date before signing starts (its timers keep ticking): the deadline is then exactly
    // the window after that instant, and each step sets the time outright, which a busy machine cannot skew
    const frozen = await page.evaluate(() => Date.now());
    await page.clock.setFixedTime(frozen);
    const popup = await openSigning(page);
    await expect(popup.getByLabel('Aadhaar OTP')).toBeVisible();
    const timer = page.getByTestId('esign-countdown');
    await expect(timer).toHaveText(/^\d\d:\d\d$/);
    await expect(timer).toHaveClass(/text-ink/);
    const [mm, ss] = (await timer.innerText()).split(':').map(Number);
    const deadline = frozen + (mm! * 60 + ss!) * 1000;
    const goTo = (seconds: number) => page.clock.setFixedTime(deadline - seconds * 1000);
    await goTo(21);
    await expect(timer).toHaveText('00:21');
    await expect(timer).toHaveClass(/text-ink/);
    await goTo(20);
    await expect(timer).toHaveText('00:20');
    await expect(timer).toHaveClass(/text-amber-600/);
    await goTo(15);
    await expect(timer).toHaveText('00:15');
    await expect(timer).toHaveClass(/text-orange-600/);
    await goTo(10);
    await expect(timer).toHaveText('00:10');
    await expect(timer).toHaveClass(/text-danger/);
    await look(page, `esign-countdown-${test.info().project.name}.png`);
    await goTo(0);
    await expect(page.getByText(MSG.timeLimitExceeded)).toBeVisible();
    await expect(page.getByRole('button', { name: 'E-Sign With Aadhaar OTP' })).toBeVisible();
    await expect(page).toHaveURL(/\/ekyc1\/e-sign$/);
  },
);

test('a blocked popup raises the alert to allow popups', async ({ page, request }) => {
  await page.addInitScript(() => {
    window.open = () => null;
  });
  await seedApplicant(page, request, 210, ESIGN_SECTIONS);
  await page.goto('/ekyc1/e-sign');
  const alerts: string[] = [];
  page.on('dialog', (dialog) => {
    alerts.push(dialog.message());
    // the page may have moved on (and the alert gone with it) by the time the dismissal arrives
    dialog.dismiss().catch(() => undefined);
  });
  await page.getByLabel(/I have read and acknowledge the documents listed above/).check();
  await page.getByLabel(/I have read the account opening form/).check();
  await page.getByRole('button', { name: 'E-Sign With Aadhaar OTP' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Continue' }).click();
  await expect.poll(() => alerts).toEqual([MSG.allowPopupsAlert]);
});
