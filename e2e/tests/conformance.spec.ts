/** Spec section 4 as the applicant sees it once they have signed. */
import { MSG } from '@ekyc/contracts/messages';
import { expect, test } from '@playwright/test';
import { seedApplicant } from '../support/journey';

test('section 4: the status screen counts 12 of 12 steps once the applicant has signed', async ({ page, request }) => {
  await seedApplicant(page, request, 220);
  await page.goto('/ekyc1/status');
  await expect(page.getByTestId('status-message')).toHaveText(MSG.statusUnderReview);
  const bar = page.getByRole('progressbar');
  await expect(bar).toHaveAttribute('aria-valuenow', '100');
  await expect(page.getByText('steps 12 / 12')).toBeVisible();
});
