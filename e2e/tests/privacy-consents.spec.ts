/**
 * The applicant's consents under the DPDP Act, from any step: each purpose with when it was given
 * and under which notice; marketing given and withdrawn with one button each; erasure asked for and
 * confirmed: before e-sign everything is erased and the applicant is back at sign-up, signed out;
 * after e-sign the page says until when a legal hold keeps the signed application, and why.
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

test('a signed application is kept under a legal hold, and the page says until when', async ({ page, request }) => {
  await seedApplicant(page, request, 220, VERIFIED_IDENTITY);
  await page.goto('/ekyc1/privacy');
  await page.getByRole('button', { name: 'Erase my data' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Yes, erase my data' }).click();
  const status = page.getByTestId('erasure-status');
  await expect(status).toContainText('You asked for erasure on');
  await expect(status).toContainText(`Kept until`);
  await expect(status).toContainText('the law (PMLA) requires us to keep for 5 years');
  await expect(status).toContainText(String(new Date().getFullYear() + 5));
  await expect(page).toHaveURL(/\/ekyc1\/privacy$/);
  await look(page, 'privacy-legal-hold.png', { fullPage: true });
});
