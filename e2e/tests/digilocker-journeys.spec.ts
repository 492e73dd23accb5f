import { MSG } from '@ekyc/contracts/messages';
import { expect, test } from '@playwright/test';
import sharp from 'sharp';
import { answerDigilocker, enterPan, seedApplicant } from '../support/journey';
import { look } from '../support/look';

async function atDigilocker(
  page: import('@playwright/test').Page,
  request: import('@playwright/test').APIRequestContext,
  pan: string,
  name: string,
) {
  await seedApplicant(page, request, 130);
  await page.goto('/ekyc1/pan-verification');
  await enterPan(page, pan, name, '05/06/1985');
  await expect(page.getByText(name.toUpperCase())).toBeVisible();
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page).toHaveURL(/\/ekyc1\/digilocker$/);
}

const jpeg = () =>
  sharp({ create: { width: 640, height: 400, channels: 3, background: '#d8e4f0' } })
    .jpeg()
    .toBuffer();

test('a new PAN goes through DigiLocker Allow to client profiling', async ({ page, request }) => {
  await atDigilocker(page, request, 'BCDPS4321K', 'Sunita Sharma');
  const agreement = page.getByText(/^I agree to share my Aadhaar/);
  await expect(agreement).toHaveText(/\.\.\.$/);
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByText(MSG.agreeRequired, { exact: true })).toBeVisible();
  await page.getByRole('button', { name: 'Read more' }).click();
  await expect(agreement).toHaveText(/demat and trading account\.$/);
  await look(page, `pan-digilocker-intro-${test.info().project.name}.png`, { fullPage: true });
  await page.getByRole('checkbox').check();
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByRole('heading', { name: 'DigiLocker: share your documents' })).toBeVisible();
  await expect(page.getByText('Signed in as Sunita Sharma')).toBeVisible();
  await look(page, `pan-consent-${test.info().project.name}.png`, { fullPage: true });
  await page.getByRole('button', { name: 'Allow', exact: true }).click();
  await expect(page).toHaveURL(/\/ekyc1\/digilocker$/);
  await expect(page.getByRole('heading', { name: 'Aadhaar card' })).toBeVisible();
  await expect(page.getByText('SUNITA SHARMA').first()).toBeVisible();
  await expect(page.getByText(/^XXXXXXXX\d{4}$/)).toBeVisible();
  await expect(page.getByText('BCDPS4321K')).toBeVisible();
  await look(page, `pan-digilocker-docs-${test.info().project.name}.png`, { fullPage: true });
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page).toHaveURL(/\/ekyc1\/client-profiling/);
});

test('DigiLocker Deny, then Retry Using Digilocker, then a manual document upload', async ({ page, request }) => {
  await atDigilocker(page, request, 'CDEPS2345M', 'Vikram Rao');
  await answerDigilocker(page, 'Deny');
  await expect(page).toHaveURL(/\/ekyc1\/digilocker\?failed=true$/);
  await expect(page.getByText(MSG.digilockerFailed, { exact: true })).toBeVisible();
  await answerDigilocker(page, 'Deny');
  await expect(page).toHaveURL(/\/ekyc1\/digilocker\?failed=true$/);
  await page.getByRole('button', { name: 'Upload documents manually' }).click();
  await page.getByLabel('Document type').selectOption('VOTERID');
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByText(MSG.fieldRequired, { exact: true }).first()).toBeVisible();
  await page
    .getByLabel('Front side')
    .setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('x') });
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByText(MSG.nomineeProofType, { exact: true })).toBeVisible();
  await page
    .getByLabel('Front side')
    .setInputFiles({ name: 'front.jpg', mimeType: 'image/jpeg', buffer: await jpeg() });
  await page
    .getByLabel('Back side (optional)')
    .setInputFiles({ name: 'back.jpg', mimeType: 'image/jpeg', buffer: await jpeg() });
  await page.getByLabel('Address line 1').fill('14 Shanti Nagar');
  await page.getByLabel('City / District').fill('Pune');
  await page.getByLabel('State').fill('Maharashtra');
  await page.getByLabel('Pincode').fill('411001');
  await look(page, `pan-ovd-${test.info().project.name}.png`, { fullPage: true });
  await page.getByRole('button', { name: 'Submit' }).click();
  // Two images re-encoded on a busy server: allow it time.
  await expect(page).toHaveURL(/\/ekyc1\/client-profiling/, { timeout: 45_000 });
});

test('a PAN missing from the locker leads to the PAN upload page, then on', async ({ page, request }) => {
  await atDigilocker(page, request, 'DEFPM8888N', 'Meera Nair');
  await answerDigilocker(page, 'Allow');
  await expect(page).toHaveURL(/\/ekyc1\/returnurl\?is_pan_missing=true$/);
  await expect(page.getByText(MSG.panNotReceived, { exact: true })).toBeVisible();
  await look(page, `pan-missing-${test.info().project.name}.png`, { fullPage: true });
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByRole('heading', { name: 'Upload your PAN card' })).toBeVisible();
  await page
    .getByLabel('PAN card', { exact: true })
    .setInputFiles({ name: 'pan.jpg', mimeType: 'image/jpeg', buffer: await jpeg() });
  await page.getByRole('button', { name: 'Submit' }).click();
  // Two images re-encoded on a busy server: allow it time.
  await expect(page).toHaveURL(/\/ekyc1\/client-profiling/, { timeout: 45_000 });
});
