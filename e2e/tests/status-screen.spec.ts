/** Status screen: each review status with its exact final message (section 4). */
import { MSG } from '@ekyc/contracts/messages';
import { expect, test } from '@playwright/test';
import { seedApplicant } from '../support/journey';

test('a submitted application is under review', async ({ page, request }) => {
  await seedApplicant(page, request, 220);
  await page.goto('/ekyc1/status');
  await expect(page.getByTestId('status-message')).toHaveText(MSG.statusUnderReview);
  await expect(page.getByText('Verification pending')).toBeVisible();
  await page.screenshot({ path: `/tmp/esign-status-${test.info().project.name}.png` });
});

test('an active account congratulates and links the apps', async ({ page, request }) => {
  await seedApplicant(page, request, 220, { review_obj: { status: 'Completed', text: '' } });
  await page.goto('/ekyc1/status');
  await expect(page.getByRole('heading', { name: 'Congratulations!' })).toBeVisible();
  await expect(page.getByTestId('status-message')).toHaveText(MSG.statusActive);
  await expect(page.getByRole('link', { name: 'Get it on Google Play' })).toBeVisible();
});

test('a verified and a rejected application show their messages', async ({ page, request }) => {
  await seedApplicant(page, request, 220, { review_obj: { status: 'Approved', text: '' } });
  await page.goto('/ekyc1/status');
  await expect(page.getByTestId('status-message')).toHaveText(MSG.statusVerified);
  await seedApplicant(page, request, 220, { review_obj: { status: 'Rejected', text: '' } });
  await page.goto('/ekyc1/status');
  await expect(page.getByRole('heading', { name: 'Sorry!' })).toBeVisible();
  await expect(page.getByTestId('status-message')).toHaveText(MSG.statusRejected);
});
