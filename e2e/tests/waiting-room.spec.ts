/**
 * The sign-up waiting room in the browser: the API's first answer to the sign-up is the waiting
 * room (503, code waitingRoom, Retry-After), as a saturated server gives it; the page says so
 * accessibly with the estimate, keeps the number, and tries again by itself: the next answer is the
 * real server's and the applicant reaches the OTP page. "Try now" does not wait for the countdown.
 */
import { MSG } from '@ekyc/contracts/messages';
import { expect, test, type Page } from '@playwright/test';
import { uniqueMobile } from '../support/journey';
import { seriousViolations } from '../support/axe';

/** The next `times` sign-ups are told to wait `seconds`, as the API's waiting room answers. */
async function holdSignUps(page: Page, times: number, seconds: number) {
  let left = times;
  await page.route('**/api/v1/ekyc/send-otp', async (route) => {
    if (left-- <= 0) return route.continue();
    await route.fulfill({
      status: 503,
      headers: { 'content-type': 'application/json', 'retry-after': String(seconds) },
      body: JSON.stringify({
        status: false,
        message: MSG.waitingRoom,
        code: 'waitingRoom',
        data: { retry_after: seconds, waiting_room: true },
      }),
    });
  });
}

test('waits in the queue and goes on to the OTP by itself when the wait ends', async ({ page }) => {
  const mobile = uniqueMobile();
  await holdSignUps(page, 1, 2);
  await page.goto('/ekyc1/');
  await page.getByLabel('Mobile number').fill(mobile);
  await page.getByRole('button', { name: 'Send OTP' }).click();
  await expect(page.getByRole('heading', { name: 'You are in the queue' })).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: MSG.waitingRoom })).toContainText(
    'Estimated wait: about 2 seconds.',
  );
  expect(await seriousViolations(page)).toEqual([]);
  await expect(page.getByText(`+91 ${mobile}`)).toBeVisible({ timeout: 15_000 });
  await expect(page).toHaveURL(/\/ekyc1\/verify-otp/);
});

test('"Try now" asks again at once', async ({ page }) => {
  const mobile = uniqueMobile();
  await holdSignUps(page, 1, 600);
  await page.goto('/ekyc1/');
  await page.getByLabel('Mobile number').fill(mobile);
  await page.getByRole('button', { name: 'Send OTP' }).click();
  await page.getByRole('button', { name: 'Try now' }).click();
  await expect(page.getByText(`+91 ${mobile}`)).toBeVisible();
});
