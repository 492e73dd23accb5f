/**
 * One applicant from sign-up to the status screen through every step with sandbox values:
 * mobile and email OTP, PAN, DigiLocker (Allow), client profiling, bank (manual penny drop),
 * drawn signature, no nominee, equity segment, selfie with the liveness module, Aadhaar OTP
 * e-sign, and 'Your application is under review. We will get back to you soon.'
 */
import { MSG } from '@ekyc/contracts/messages';
import { expect, type Page, test } from '@playwright/test';
import { holderGenderOf, useFaceAsCamera } from '../support/face-camera';
import { answerDigilocker, drawSignature, enterPan, FORM_READY, outboxOtp, signUpToPan } from '../support/journey';
import { look } from '../support/look';

const card = (page: Page, name: string | RegExp) => page.getByRole('button', { name, exact: typeof name === 'string' });

test('sign-up to the status screen through every step', async ({ page, request }) => {
  test.setTimeout(600_000);
  // PAN (a valid individual PAN, not KRA-registered) and DigiLocker; a PAN of its own, since a
  // PAN e-signed under one mobile is refused under any other. The camera shows the face the sandbox
  // DigiLocker gives this PAN's holder, so the face match passes.
  const pan = `BCDPS${4000 + (Date.now() % 1000)}K`;
  await useFaceAsCamera(page, holderGenderOf(pan));
  const { mobile } = await signUpToPan(page, request);
  await enterPan(page, pan, 'Sunita Sharma', '05/06/1985');
  await expect(page.getByText('SUNITA SHARMA')).toBeVisible();
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page).toHaveURL(/\/ekyc1\/digilocker$/);
  await answerDigilocker(page, 'Allow');
  await expect(page).toHaveURL(/\/ekyc1\/digilocker$/);
  await expect(page.getByRole('heading', { name: 'Aadhaar card' })).toBeVisible();
  await page.getByRole('button', { name: 'Next' }).click();

  // Client profiling
  await expect(page).toHaveURL(/\/client-profiling\/occupation$/);
  await card(page, 'Private Sector').click();
  await expect(page).toHaveURL(/\/trading-experience$/);
  await card(page, '1-5 years').click();
  await expect(page).toHaveURL(/\/annual-income$/);
  await card(page, '5-10 lakhs').click();
  await expect(page).toHaveURL(/\/gender-and-marital$/);
  await page.getByRole('group', { name: 'Marital status' }).getByRole('button', { name: 'Married' }).click();
  await expect(page).toHaveURL(/\/education$/);
  await card(page, 'Graduate').click();
  await expect(page).toHaveURL(/\/identification$/);
  await page.getByLabel("Father's name").fill('Mahesh Sharma');
  await page.getByLabel("Mother's name").fill('Kamala Sharma');
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page).toHaveURL(/\/plans$/);
  await card(page, /^Premium/).click();
  await expect(page).toHaveURL(/\/client-profiling\/declaration$/);
  // FATCA/CRS: place of birth (country India by default), no tax residency abroad
  await page.getByLabel('Place of birth (city or town)').fill('Jaipur');
  await page.getByRole('button', { name: 'Continue' }).click();

  // Bank: manual entry, the penny drop passes
  await expect(page).toHaveURL(/\/ekyc1\/bank-and-segment$/);
  await page.getByLabel(/Manual/).check();
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page).toHaveURL(/\/bank-and-segment\/add-bank$/);
  await page.getByLabel('IFSC', { exact: true }).fill('HDFC0000001');
  await expect(page.getByText('HDFC Bank', { exact: true })).toBeVisible();
  await page.getByLabel('Account number', { exact: true }).fill('123456789012');
  await page.getByLabel('Confirm account number').fill('123456789012');
  await page.getByLabel('Saving').check();
  await page.getByRole('button', { name: 'Continue' }).click();

  // Signature, nominee, segment
  await expect(page).toHaveURL(/\/bank-and-segment\/signature$/);
  await drawSignature(page);
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page).toHaveURL(/\/bank-and-segment\/nominee$/);
  await page.getByRole('button', { name: 'Continue without nominee' }).click();
  await page.getByRole('button', { name: 'Confirm later with the e-sign of my form' }).click();
  await expect(page).toHaveURL(/\/bank-and-segment\/segment$/);
  await expect(page.getByRole('checkbox', { name: 'Equity', exact: true })).toBeChecked();
  await page.getByRole('button', { name: 'Continue' }).click();

  // Selfie with the liveness module
  await expect(page).toHaveURL(/\/ekyc1\/take-selfie$/);
  await page.getByRole('button', { name: 'Take selfie' }).click();
  const module = page.waitForEvent('popup');
  await page.getByRole('button', { name: 'Continue' }).click();
  await (await module).getByRole('button', { name: /auto_approved/ }).click();
  await expect(page).toHaveURL(/\/ekyc1\/e-sign$/, { timeout: 150_000 });

  // E-sign with the Aadhaar OTP from the outbox
  await expect(page.getByRole('img', { name: /^Account opening form, page 1 of \d+$/ })).toBeVisible(FORM_READY);
  await page.getByLabel(/I have read and acknowledge the documents listed above/).check();
  await page.getByLabel(/I have read the account opening form/).check();
  await page.getByRole('button', { name: 'E-Sign With Aadhaar OTP' }).click();
  const esp = page.waitForEvent('popup');
  await page.getByRole('dialog').getByRole('button', { name: 'Continue' }).click();
  const popup = await esp;
  await expect(popup.getByLabel('Aadhaar OTP')).toBeVisible();
  await popup.getByLabel('Aadhaar OTP').fill(await outboxOtp(request, mobile));
  await popup.getByRole('button', { name: 'Verify OTP and sign' }).click();

  await expect(page).toHaveURL(/\/ekyc1\/status$/, { timeout: 30_000 });
  await expect(page.getByText(MSG.statusUnderReview)).toBeVisible();
  await expect(page.getByText('Your application is under review. We will get back to you soon.')).toBeVisible();
  await look(page, `esign-full-journey-${test.info().project.name}.png`, { fullPage: true });
});
