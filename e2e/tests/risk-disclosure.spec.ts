import { expect, test } from '@playwright/test';
import { seedApplicant, VERIFIED_IDENTITY } from '../support/journey';
import { look } from '../support/look';

/**
 * Choosing a derivatives segment shows SEBI's risk disclosure over at least half of a 360×740
 * phone screen, in the applicant's language; the segment is ticked only once it is acknowledged.
 */
test.use({ viewport: { width: 360, height: 740 } });

const SEGMENT_URL = '/ekyc1/bank-and-segment/segment';

test('the F&O risk disclosure covers half the screen and must be acknowledged before derivatives are chosen', async ({
  page,
  request,
}) => {
  await seedApplicant(page, request, 190, { ...VERIFIED_IDENTITY });
  await page.goto(SEGMENT_URL);
  const derivatives = page.getByRole('checkbox', { name: 'Equity Derivatives', exact: true });
  await derivatives.click();

  const dialog = page.getByRole('dialog', { name: 'Risk disclosures on derivatives' });
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText('9 out of 10 individual traders');
  const box = (await dialog.boundingBox())!;
  expect(box.width * box.height).toBeGreaterThanOrEqual(0.5 * 360 * 740);
  await look(page, 'risk-disclosure-360x740.png');

  // Declining leaves derivatives out.
  await dialog.getByRole('button', { name: 'Not now: leave derivatives out' }).click();
  await expect(dialog).toBeHidden();
  await expect(derivatives).not.toBeChecked();

  await derivatives.click();
  await dialog.getByRole('button', { name: 'I have read and understood the risk disclosures' }).click();
  await expect(derivatives).toBeChecked();
  await expect(page.getByText('Risk disclosures on derivatives read and acknowledged.')).toBeVisible();
});

test('the disclosure is shown in Hindi for an applicant using Hindi', async ({ page, request }) => {
  await seedApplicant(page, request, 190, { ...VERIFIED_IDENTITY });
  await page.addInitScript(() => localStorage.setItem('ekyc.lang', 'hi'));
  await page.goto(SEGMENT_URL);
  await page.locator('#segment-equity_derivatives_1').click();
  const dialog = page.getByTestId('risk-disclosure');
  await expect(dialog).toBeVisible();
  await expect(dialog).toHaveAttribute('lang', 'hi');
  await expect(dialog).toContainText('डेरिवेटिव्स पर जोखिम प्रकटीकरण');
});
