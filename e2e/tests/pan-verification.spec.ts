import { MSG } from '@ekyc/contracts/messages';
import { expect, test } from '@playwright/test';
import sharp from 'sharp';
import { answerDigilocker, enterPan, seedApplicant, signUpToPan } from '../support/journey';
import { look } from '../support/look';

test('a KRA-registered PAN confirms the KRA address and skips DigiLocker', async ({ page, request }) => {
  await signUpToPan(page, request);
  await enterPan(page, 'cdepk9999l', 'Kiran Mehta', '12/12/1980');
  await expect(page.getByText('KIRAN MEHTA')).toBeVisible();
  await expect(page.getByText(/FLAT 402, SUNRISE APARTMENTS.*MUMBAI/)).toBeVisible();
  await expect(page.getByText('Your KYC is verified with the KRA.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Change address via DigiLocker' })).toBeVisible();
  await look(page, `pan-info-kra-${test.info().project.name}.png`, { fullPage: true });
  await page.getByRole('button', { name: 'Confirm' }).click();
  await expect(page).toHaveURL(/\/ekyc1\/client-profiling/);
});

test('shows the section 5 messages for PAN, name and date of birth', async ({ page, request }) => {
  await seedApplicant(page, request, 130);
  await page.goto('/ekyc1/pan-verification');
  const pan = page.getByLabel('PAN number');
  const name = page.getByLabel('Name on PAN');
  const dob = page.getByLabel('Date of birth');
  const submit = page.getByRole('button', { name: 'Continue' });
  await submit.click();
  await expect(page.getByText(MSG.panRequired, { exact: true })).toBeVisible();
  await expect(page.getByText(MSG.panNameRequired, { exact: true })).toBeVisible();
  await expect(page.getByText(MSG.dobRequired, { exact: true })).toBeVisible();

  await pan.fill('abcpk12345678');
  await expect(pan).toHaveValue('ABCPK12345');
  await expect(page.getByText(MSG.panInvalid, { exact: true })).toBeVisible();
  await pan.fill('ABCCK1234F');
  await expect(page.getByText(MSG.panNotIndividual, { exact: true })).toBeVisible();
  await name.fill('ravi 2');
  await expect(name).toHaveValue('RAVI 2');
  await expect(page.getByText(MSG.panNameDigits, { exact: true })).toBeVisible();
  await name.fill('A'.repeat(31));
  await expect(page.getByText(MSG.nameMax, { exact: true })).toBeVisible();
  await dob.fill('31022000');
  await expect(dob).toHaveValue('31/02/2000');
  await expect(page.getByText(MSG.invalidDate, { exact: true })).toBeVisible();
  await dob.fill('01/01/2999');
  await expect(page.getByText(MSG.invalidDate, { exact: true })).toBeVisible();
  await dob.fill(`01/01/${new Date().getFullYear() - 12}`);
  await expect(page.getByText(MSG.dobAdult, { exact: true })).toBeVisible();

  await pan.fill('ABCPA0000A');
  await name.fill('Asha Rao');
  await dob.fill('01/01/1990');
  await submit.click();
  await expect(page.getByText(MSG.panNotFound, { exact: true })).toBeVisible();
  await expect(page).toHaveURL(/\/ekyc1\/pan-verification$/);
  await look(page, `pan-messages-${test.info().project.name}.png`, { fullPage: true });
});

/** A PAN card look-alike rendered with sharp from an SVG text overlay. */
async function panCardImage(pan: string, name: string, dob: string): Promise<Buffer> {
  const text = (x: number, y: number, s: string, size = 30) =>
    `<text x="${x}" y="${y}" font-family="DejaVu Sans, sans-serif" font-size="${size}" font-weight="bold" fill="#111">${s}</text>`;
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="860" height="500"><rect width="860" height="500" rx="24" fill="#e9f0f7"/>
${text(40, 60, 'INCOME TAX DEPARTMENT', 28)}${text(560, 60, 'GOVT. OF INDIA', 28)}
${text(260, 120, 'Permanent Account Number Card', 24)}${text(260, 165, pan, 36)}
${text(40, 230, 'Name', 22)}${text(40, 265, name)}${text(40, 315, "Father's Name", 22)}${text(40, 350, 'MOHAN LAL VERMA')}
${text(40, 400, 'Date of Birth', 22)}${text(40, 435, dob)}</svg>`;
  return sharp(Buffer.from(svg)).jpeg({ quality: 85 }).toBuffer();
}

test('a PAN read from a photo fills the form and goes on through DigiLocker', async ({ page, request }) => {
  test.setTimeout(180_000);
  await seedApplicant(page, request, 130);
  await page.goto('/ekyc1/pan-verification');
  await page.getByRole('tab', { name: 'Upload PAN card' }).click();
  await page.getByLabel('PAN card photo').setInputFiles({
    name: 'pan.jpg',
    mimeType: 'image/jpeg',
    buffer: await panCardImage('GHJPV4567K', 'NEHA VERMA', '21/03/1992'),
  });
  await expect(page.getByText('We read these details from your PAN card')).toBeVisible({ timeout: 90_000 });
  await expect(page.getByLabel('PAN number')).toHaveValue('GHJPV4567K');
  await expect(page.getByLabel('Name on PAN')).toHaveValue('NEHA VERMA');
  await expect(page.getByLabel('Date of birth')).toHaveValue('21/03/1992');
  await look(page, `pan-ocr-${test.info().project.name}.png`, { fullPage: true });
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page).toHaveURL(/\/pan-verification\/pan-info$/);
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page).toHaveURL(/\/ekyc1\/digilocker$/);
  await answerDigilocker(page, 'Allow');
  await expect(page.getByText('NEHA VERMA').first()).toBeVisible();
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page).toHaveURL(/\/ekyc1\/client-profiling/);
});
