/**
 * Assisted video KYC, end to end: an applicant who needs help books a call from the link below any
 * step (a day, a slot, the language, the help needed, a note), sees it booked and can change it; a
 * reviewer finds it in the back office's list with the number to call, and marks it done.
 */
import { expect, test } from '@playwright/test';
import { seedApplicant } from '../support/journey';
import { look } from '../support/look';

const REVIEWER = {
  email: 'assisted.reviewer@broker.example',
  password: 'assisted-reviewer-pass-1',
  name: 'Asha Caller',
};

test('an applicant books an assisted video KYC call; the back office calls and marks it done', async ({
  page,
  request,
}) => {
  const { mobile } = await seedApplicant(page, request, 130);
  await page.goto('/ekyc1/pan-verification');
  await page.getByRole('link', { name: 'Video KYC with our help' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Video KYC with our help');

  // nothing chosen: said at each field, nothing sent
  await page.getByRole('button', { name: 'Book the call' }).click();
  await expect(page.getByText('Choose a day within the next two weeks, Monday to Saturday.')).toBeVisible();
  await expect(page.getByText('Choose a time for the call.')).toBeVisible();

  const day = page.getByLabel('Day of the call');
  await day.selectOption({ index: 1 });
  await page.getByRole('radio', { name: '14:00-16:00' }).check();
  await page.getByLabel('Language of the call').selectOption('hi');
  await page.getByRole('checkbox', { name: 'I cannot see well' }).check();
  await page.getByLabel('Anything we should know (optional)').fill('Please speak slowly');
  await look(page, 'assisted-kyc-form.png', { fullPage: true });
  await page.getByRole('button', { name: 'Book the call' }).click();
  const booking = page.getByTestId('assisted-booking');
  await expect(booking).toContainText('14:00-16:00');
  await expect(booking).toContainText('हिन्दी');

  await request.post('/sandbox/fixtures/staff', { data: { ...REVIEWER, role: 'reviewer' } });
  await page.goto('/backoffice/login');
  await page.getByLabel('Email').fill(REVIEWER.email);
  await page.getByLabel('Password').fill(REVIEWER.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.getByRole('link', { name: 'Assisted KYC calls' }).click();
  const call = page.getByTestId('assisted-call').filter({ hasText: mobile });
  await expect(call).toContainText('14:00-16:00');
  await expect(call).toContainText('I cannot see well');
  await expect(call).toContainText('Please speak slowly');
  await look(page, 'assisted-kyc-backoffice.png', { fullPage: true });
  await call.getByRole('button', { name: 'Mark the call done' }).click();
  await expect(page.getByTestId('assisted-call').filter({ hasText: mobile })).toHaveCount(0);
});
