/** A reload in the middle of client profiling loses nothing and resumes at the same sub-step. */
import { expect, type Page, test } from '@playwright/test';
import { seedApplicant, VERIFIED_IDENTITY } from '../support/journey';

const card = (page: Page, name: string | RegExp) => page.getByRole('button', { name, exact: typeof name === 'string' });
const pressed = (page: Page, name: string | RegExp) => expect(card(page, name)).toHaveAttribute('aria-pressed', 'true');

test('reloading keeps the sub-step and every answer; coming back resumes where the applicant was', async ({
  page,
  request,
}) => {
  await seedApplicant(page, request, 150, VERIFIED_IDENTITY);
  await page.goto('/ekyc1/client-profiling/occupation');
  await card(page, 'Student').click();
  await card(page, 'Less than 1 year').click();
  await card(page, '5-10 lakhs').click();
  await expect(page).toHaveURL(/\/gender-and-marital$/);
  await page.getByRole('group', { name: 'Marital status' }).getByRole('button', { name: 'Single' }).click();
  await card(page, 'Graduate').click();
  await expect(page).toHaveURL(/\/identification$/);

  await page.reload();
  await expect(page).toHaveURL(/\/identification$/);
  await expect(page.getByLabel("Father's name")).toHaveValue('Ramesh Sharma');

  // The back arrow walks the sub-steps with their answers shown.
  await page.getByRole('link', { name: 'Back' }).click();
  await expect(page).toHaveURL(/\/education$/);
  await pressed(page, 'Graduate');
  await page.getByRole('link', { name: 'Back' }).click();
  await expect(page).toHaveURL(/\/gender-and-marital$/);
  await pressed(page, 'Single');
  await page.getByRole('link', { name: 'Back' }).click();
  await expect(page).toHaveURL(/\/annual-income$/);
  await pressed(page, '5-10 lakhs');

  // Opening profiling afresh (a new visit) resumes at the sub-step left last.
  await page.goto('/ekyc1/client-profiling');
  await expect(page).toHaveURL(/\/annual-income$/);
  await pressed(page, '5-10 lakhs');
  await card(page, '5-10 lakhs').click();
  await expect(page).toHaveURL(/\/gender-and-marital$/);
  await page.reload();
  await pressed(page, /^Male/);
  await pressed(page, 'Single');
});
