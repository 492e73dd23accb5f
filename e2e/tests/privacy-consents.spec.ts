/**
 * The applicant's consents under the DPDP Act, from any step: each purpose with when it was given
 * and under which notice; marketing given and withdrawn with one button each; erasure asked for and
 * confirmed: before e-sign everything is erased and the applicant is back at sign-up, signed out;
 * after e-sign the page says what the law keeps while the account is open, for how long after its
 * closure and why, and what was erased at once.
 */
import { expect, test } from '@playwright/test';
import { seedApplicant, VERIFIED_IDENTITY } from '../support/journey';
import { look } from '../support/look';

test('gives and withdraws marketing consent, then erases an unsigned application and signs out', async ({
  page,
  request,
}) => {
  const { token } = await seedApplicant(page, request, 130);
  await page.goto('/ekyc1/pan-verification');
  await page.getByRole('link', { name: 'Your data and consents' }).click();
  await expect(page).toHaveURL(/\/ekyc1\/privacy$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Your data and consents');
  await expect(page.getByTestId('consent-kyc-state')).toContainText('Given on');
  await expect(page.getByTestId('consent-marketing-state')).toHaveText('Not given');

  await page.getByRole('button', { name: 'Give consent: Offers and news' }).click();
  await expect(page.getByTestId('consent-marketing-state')).toContainText('Given on');
  await page.getByRole('button', { name: 'Withdraw consent: Offers and news' }).click();
  await expect(page.getByTestId('consent-marketing-state')).toContainText('Withdrawn on');
  await look(page, 'privacy-consents.png', { fullPage: true });

  await page.getByRole('button', { name: 'Erase my data' }).click();
  const dialog = page.getByRole('dialog', { name: 'Erase your data?' });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Yes, erase my data' }).click();
  await expect(page).toHaveURL(/\/ekyc1\/$/);
  await expect(page.getByText('Your data has been erased')).toBeVisible();
  const after = await request.get('/api/v1/ekyc/get-user-details', { headers: { authorization: `Bearer ${token}` } });
  expect(after.status()).toBe(401);
});

test('a signed application keeps what the law needs while the account is open, and the page says why', async ({
  page,
  request,
}) => {
  await seedApplicant(page, request, 220, VERIFIED_IDENTITY);
  await page.goto('/ekyc1/privacy');
  await page.getByRole('button', { name: 'Erase my data' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Yes, erase my data' }).click();
  const status = page.getByTestId('erasure-status');
  await expect(status).toContainText('You asked for erasure on');
  await expect(status).toContainText(
    'Your account is open, so the law requires us to keep these records while you trade',
  );
  await expect(page.getByTestId('erasure-kept')).toContainText('5 years after closure (PMLA 2002');
  await expect(page.getByTestId('erasure-erased-now')).toContainText('your marketing consent');
  await expect(page).toHaveURL(/\/ekyc1\/privacy$/);
  await look(page, 'privacy-legal-hold.png', { fullPage: true });
});
