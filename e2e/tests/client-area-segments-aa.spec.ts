/**
 * A client adds F&O after the account is open with the income proof shared through an account
 * aggregator, on a phone: the AA's consent page (the sandbox's) approves and returns to the client
 * area, which hands its answer to the request, and the request is signed with Aadhaar eSign.
 */
import { expect, test } from '@playwright/test';
import { catalogue, openClientAccount, signInClient, signInPopup, text } from '../support/client-area';
import { SIGNED_SECTIONS } from '../support/journey';

const STAFF = {
  maker: {
    email: 'client-aa.maker@broker.example',
    password: 'client-aa-maker-1',
    name: 'Mira Maker',
    role: 'reviewer',
  },
  checker: {
    email: 'client-aa.checker@broker.example',
    password: 'client-aa-checker-1',
    name: 'Chetan Checker',
    role: 'checker',
  },
};

test('a client adds F&O later with the income proof from an account aggregator, on a phone', async ({
  page,
  request,
}) => {
  test.slow();
  const c = catalogue('en', 'client-area');
  const s = catalogue('en', 'segment');
  const { mobile } = await openClientAccount(page, request, SIGNED_SECTIONS, STAFF);
  const signInOtp = await signInClient(page, request, c, mobile);

  await page.getByRole('link', { name: text(c, 'segments.change') }).click();
  await page.getByLabel(text(c, 'segmentsChange.activate', { name: text(s, 'names.equity_derivatives_1') })).check();
  await page.getByTestId('risk-disclosure').getByRole('checkbox').check();
  await page.getByRole('radio', { name: text(s, 'digital') }).check();
  // no PDF asked when the proof comes from the account aggregator
  await expect(page.getByLabel(text(s, 'file'))).toHaveCount(0);
  await page.getByRole('button', { name: text(c, 'segmentsChange.save') }).click();

  await expect(page).toHaveURL(/\/sandbox\/account-aggregator\/webview\?/);
  await page.getByRole('button', { name: 'Approve' }).click();
  await expect(page).toHaveURL(/\/my-account\/segments$/);
  await signInPopup(page, request, c, mobile, signInOtp);
  await expect(page.getByTestId('segments-signed')).toBeVisible({ timeout: 30_000 });
});
