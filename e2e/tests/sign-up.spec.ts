import { MSG } from '@ekyc/contracts/messages';
import { expect, test } from '@playwright/test';
import { outboxOtp, signUpToPan, uniqueMobile } from '../support/journey';
import { look } from '../support/look';
import { ANY_SIZE } from '../support/sizes';

test('signs up by mobile and email OTP and arrives at PAN verification', async ({ page, request }) => {
  await signUpToPan(page, request);
  await expect(page.getByRole('progressbar')).toHaveAttribute('aria-valuetext', /steps 2 \/ 12/);
  await expect(page.locator('h1')).toHaveCount(1);
  await look(page, 'pan-arrival.png');
});

test('shows the section 5 messages for the mobile number', ANY_SIZE, async ({ page }) => {
  await page.goto('/ekyc1/');
  const send = page.getByRole('button', { name: 'Send OTP' });
  await send.click();
  await expect(page.getByText(MSG.mobileRequired)).toBeVisible();
  await page.getByLabel('Mobile number').fill('5123456789');
  await send.click();
  await expect(page.getByText(MSG.mobileStart)).toBeVisible();
  await page.getByLabel('Mobile number').fill('98765');
  await send.click();
  await expect(page.getByText(MSG.mobileInvalid)).toBeVisible();
});

test(
  'keeps Continue disabled until six digits, counts down and shows a wrong OTP',
  ANY_SIZE,
  async ({ page, request }) => {
    const mobile = uniqueMobile();
    await page.goto(`/ekyc1/?utm_source=e2e&utm_campaign=launch&refcode=FRIEND1`);
    await page.getByLabel('Mobile number').fill(mobile);
    await page.getByRole('button', { name: 'Send OTP' }).click();
    await expect(page.getByText(`+91 ${mobile}`)).toBeVisible();
    await expect(page.getByText(/Resend OTP in 00:(30|29|28)/)).toBeVisible();
    const otp = await outboxOtp(request, mobile);
    const input = page.getByLabel('Enter OTP');
    await input.fill(otp.slice(0, 5));
    await expect(page.getByRole('button', { name: 'Continue' })).toBeDisabled();
    await input.fill(otp === '000000' ? '111111' : '000000');
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect(page.getByText(MSG.otpWrong)).toBeVisible();
  },
);

test('sends a visit without a mobile parameter to the open-account site', ANY_SIZE, async ({ page }) => {
  await page.goto('/ekyc1/verify-otp');
  await expect(page).toHaveURL(/127\.0\.0\.1:\d+\/$/);
});

test(
  'resumes where the applicant stopped after a reload and a new tab',
  ANY_SIZE,
  async ({ page, request, context }) => {
    const mobile = uniqueMobile();
    await page.goto('/ekyc1/');
    await page.getByLabel('Mobile number').fill(mobile);
    await page.getByRole('button', { name: 'Send OTP' }).click();
    await page.getByLabel('Enter OTP').fill(await outboxOtp(request, mobile));
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect(page).toHaveURL(/email-verification$/);
    await page.reload();
    await expect(page).toHaveURL(/email-verification$/);
    await expect(page.getByLabel('Email')).toBeVisible();
    await page.getByLabel('Email').fill('Mixed.Case@Example.com');
    await expect(page.getByLabel('Email')).toHaveValue('mixed.case@example.com');
    const other = await context.newPage();
    await other.goto('/ekyc1/pan-verification');
    await expect(other).toHaveURL(/email-verification$/);
  },
);

test('works in Hindi', ANY_SIZE, async ({ page, request }) => {
  await page.goto('/ekyc1/');
  await page.getByRole('combobox').selectOption('hi');
  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('lang', 'hi');
  await expect(page.getByRole('combobox')).toHaveValue('hi');
  const mobile = uniqueMobile();
  await page.locator('input[inputmode="numeric"]').fill(mobile);
  await page.locator('button[type="submit"]').click();
  await expect(page).toHaveURL(/verify-otp/);
  await page.locator('input[autocomplete="one-time-code"]').fill(await outboxOtp(request, mobile));
  await page.locator('button[type="submit"]').click();
  await expect(page).toHaveURL(/email-verification$/);
});
