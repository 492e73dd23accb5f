/** Toasts cover nothing of the page frame, say each thing once, and an error stays on its page. */
import { expect, test } from '@playwright/test';
import { outboxOtp, uniqueMobile } from '../support/journey';
import { look } from '../support/look';

const REFUSED = 'The server refused this OTP (test).';

test('an error toast sits below the page frame, is said once, and goes when the person leaves the page', async ({
  page,
  request,
}) => {
  const mobile = uniqueMobile();
  await page.goto('/ekyc1/');
  await page.route('**/api/v1/ekyc/send-otp', (route) =>
    route.fulfill({ json: { status: false, message: REFUSED, data: { screen: '/' } } }),
  );
  await page.getByLabel('Mobile number').fill(mobile);
  await page.getByRole('button', { name: 'Send OTP' }).click();
  const toast = page.getByRole('alert').filter({ hasText: REFUSED });
  await expect(toast).toHaveCount(1);
  // clear of the header: the home link, Help and the language switch stay uncovered
  const header = await page.getByRole('banner').boundingBox();
  const box = await toast.boundingBox();
  expect(box!.y).toBeGreaterThan(header!.y + header!.height);
  const close = page.getByRole('button', { name: 'Close' });
  expect((await close.boundingBox())!.height).toBeGreaterThanOrEqual(44);
  await look(page, 'toast.png');
  // said once: the same refusal again does not stack a second toast
  await page.getByRole('button', { name: 'Send OTP' }).click();
  await expect(toast).toHaveCount(1);
  // the error is about this page: it does not follow the person to the next one
  await page.unroute('**/api/v1/ekyc/send-otp');
  await page.getByRole('button', { name: 'Send OTP' }).click();
  await expect(page.getByLabel('Enter OTP')).toBeVisible();
  await expect(page.getByText(REFUSED)).toHaveCount(0);
  await outboxOtp(request, mobile);
});
