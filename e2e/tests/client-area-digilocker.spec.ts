/**
 * DigiLocker's return comes back to the client area (not the journey), on a phone. Re-KYC: the KRA
 * holds the client's KYC (sandbox KRA: PAN digits 3333 answer 003, on hold); My account says so, the
 * client fetches their details from DigiLocker and signs the request with Aadhaar eSign. Address: the
 * e-Aadhaar's address fetched from DigiLocker, and the request signed.
 */
import { expect, test } from '@playwright/test';
import { seriousViolations } from '../support/axe';
import { catalogue, openClientAccount, signInClient, signInPopup, text } from '../support/client-area';
import { SIGNED_SECTIONS, uniquePan } from '../support/journey';

const STAFF = {
  maker: {
    email: 'client-rekyc.maker@broker.example',
    password: 'client-rekyc-maker-1',
    name: 'Mira Maker',
    role: 'reviewer',
  },
  checker: {
    email: 'client-rekyc.checker@broker.example',
    password: 'client-rekyc-checker-1',
    name: 'Chetan Checker',
    role: 'checker',
  },
};

test('a client whose KYC the KRA holds does the re-KYC through DigiLocker and signs it, on a phone', async ({
  page,
  request,
}) => {
  test.slow();
  const c = catalogue('en', 'client-area');
  const own = uniquePan();
  const pan = `${own.slice(0, 5)}3333${own.slice(9)}`;
  const sections = { ...SIGNED_SECTIONS, pan_obj: { ...SIGNED_SECTIONS.pan_obj, pan_number: pan } };
  const { mobile } = await openClientAccount(page, request, sections, STAFF);
  const signInOtp = await signInClient(page, request, c, mobile);

  const kyc = page.getByTestId('kyc-status');
  await expect(kyc).toContainText(text(c, 'kyc.rekyc'));
  await page.getByRole('button', { name: text(c, 'kyc.start') }).click();
  await expect(page).toHaveURL(/\/sandbox\/digilocker\/oauth2\/1\/authorize\?response_type=code&client_id=/);
  await page.getByRole('button', { name: 'Allow', exact: true }).click();

  // back in the client area with the e-Aadhaar's details, ready to sign
  await expect(page).toHaveURL(/\/my-account\/rekyc\/[0-9a-f-]{36}$/);

  await expect(page.getByRole('heading', { level: 1, name: text(c, 'rekyc.heading') })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await signInPopup(page, request, c, mobile, signInOtp);
  await expect(page.getByTestId('rekyc-signed')).toBeVisible({ timeout: 30_000 });

  await page.getByRole('link', { name: text(c, 'nomination.back') }).click();
  await expect(kyc).toContainText(text(c, 'kyc.in_progress'));
  await expect(page.getByTestId('request-status-rekyc')).toHaveText(text(c, 'status.in_review'));
});

test('a client changes the address through DigiLocker and signs it, on a phone', async ({ page, request }) => {
  test.slow();
  const c = catalogue('en', 'client-area');
  const { mobile } = await openClientAccount(page, request, SIGNED_SECTIONS, STAFF);
  const signInOtp = await signInClient(page, request, c, mobile);

  await page.getByRole('link', { name: text(c, 'contact.changeAddress') }).click();
  await page.getByRole('button', { name: text(c, 'addressChange.digilocker') }).click();
  await expect(page).toHaveURL(/\/sandbox\/digilocker\/oauth2\/1\/authorize\?response_type=code&client_id=/);
  await page.getByRole('button', { name: 'Allow', exact: true }).click();

  await expect(page).toHaveURL(/\/my-account\/address$/);
  await expect(page.getByRole('heading', { level: 1, name: text(c, 'addressChange.heading') })).toBeVisible();
  await signInPopup(page, request, c, mobile, signInOtp);
  await expect(page.getByTestId('address-signed')).toBeVisible({ timeout: 30_000 });
});
