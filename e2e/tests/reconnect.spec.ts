/**
 * A server that cannot check the session for a while (close code 1013, "try again later", or a
 * dropped connection) does not sign the applicant out: the page stays, a notice says the
 * connection is being restored, and it goes once the profile channel is back.
 */
import { expect, test } from '@playwright/test';
import { signUpToPan } from '../support/journey';
import { look } from '../support/look';

test('keeps the applicant signed in while the profile channel reconnects', async ({ page, request }) => {
  await signUpToPan(page, request);
  let refuse = true;
  let tries = 0;
  await page.routeWebSocket(/\/ws\/user_profile\//, (ws) => {
    tries += 1;
    if (refuse) {
      ws.close({ code: 1013, reason: 'try again later' });
      return;
    }
    ws.connectToServer();
  });
  // the page's timers run on a test clock: each wait between tries (up to 10 s) passes at once
  await page.clock.install();
  await page.reload();
  const notice = page.getByRole('status').filter({ hasText: 'Connection lost. Reconnecting…' });
  await expect(notice).toBeVisible();
  // past the point where the web used to give up and sign out (5 tries, about 15 s)
  await expect
    .poll(async () => {
      await page.clock.runFor(2_000);
      return tries;
    })
    .toBeGreaterThanOrEqual(7);
  await expect(page).toHaveURL(/\/ekyc1\/pan-verification$/);
  await look(page, 'reconnecting.png');

  refuse = false;
  await expect
    .poll(async () => {
      await page.clock.runFor(2_000);
      return notice.isVisible();
    })
    .toBe(false);
  await expect(page).toHaveURL(/\/ekyc1\/pan-verification$/);
  await expect(page.getByLabel('PAN number')).toBeVisible();
});
