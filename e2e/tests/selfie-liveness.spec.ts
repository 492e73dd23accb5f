/** Selfie with liveness: capture and retake, the hosted module's outcomes, no face, no camera. */
import { MSG } from '@ekyc/contracts/messages';
import { expect, type Page, test } from '@playwright/test';
import { useFaceAsCamera, withoutCamera } from '../support/face-camera';
import { seedApplicant } from '../support/journey';
import { look } from '../support/look';

async function captureAndStart(page: Page) {
  await expect(page.getByRole('region', { name: 'Tips for a good selfie' }).getByRole('listitem')).toHaveCount(6);
  await page.getByRole('button', { name: 'Take selfie' }).click();
  await expect(page.getByRole('img', { name: 'Your selfie' })).toBeVisible();
  const popup = page.waitForEvent('popup');
  await page.getByRole('button', { name: 'Continue' }).click();
  return popup;
}

test('a live face is approved in the module and the applicant moves on to e-sign', async ({ page, request }) => {
  await useFaceAsCamera(page);
  await seedApplicant(page, request, 200);
  await page.goto('/ekyc1/take-selfie');
  await expect(page.getByText('Keep your whole face visible')).toBeVisible();
  await page.getByRole('button', { name: 'Take selfie' }).click();
  await page.getByRole('button', { name: 'Retake' }).click();
  await expect(page.getByRole('button', { name: 'Take selfie' })).toBeVisible();

  const module = await captureAndStart(page);
  await module.getByRole('button', { name: /auto_approved/ }).click();
  await expect(page).toHaveURL(/\/ekyc1\/e-sign$/, { timeout: 90_000 });
  await look(page, `esign-selfie-done-${test.info().project.name}.png`);
});

test('a cancelled module shows its message and the selfie can be taken again', async ({ page, request }) => {
  await useFaceAsCamera(page);
  await seedApplicant(page, request, 200);
  await page.goto('/ekyc1/take-selfie');
  const module = await captureAndStart(page);
  await module.getByRole('button', { name: /user_cancelled/ }).click();
  await expect(page.getByText(MSG.livenessUserCancelled)).toBeVisible({ timeout: 90_000 });
  await expect(page).toHaveURL(/\/ekyc1\/take-selfie$/);
  await expect(page.getByRole('button', { name: 'Take selfie' })).toBeVisible();
});

test("a module answer the app does not know ('other') shows 'Unkown status' and the selfie can be taken again", async ({
  page,
  request,
}) => {
  await useFaceAsCamera(page);
  await seedApplicant(page, request, 200);
  await page.goto('/ekyc1/take-selfie');
  const module = await captureAndStart(page);
  await module.getByRole('button', { name: /\(other\)/ }).click();
  await expect(page.getByText(MSG.livenessUnknown)).toBeVisible({ timeout: 90_000 });
  await expect(page).toHaveURL(/\/ekyc1\/take-selfie$/);
  await expect(page.getByRole('button', { name: 'Take selfie' })).toBeVisible();
  await look(page, `selfie-unknown-status-${test.info().project.name}.png`);
});

test('a picture without a face is refused with a clear message', async ({ page, request }) => {
  // Chromium's fake camera: a test pattern, no face
  await seedApplicant(page, request, 200);
  await page.goto('/ekyc1/take-selfie');
  await captureAndStart(page);
  await expect(page.getByText(MSG.livenessNoFace)).toBeVisible({ timeout: 90_000 });
  await look(page, `esign-selfie-noface-${test.info().project.name}.png`);
});

test('without a camera a QR code continues on a phone', async ({ page, request }) => {
  await withoutCamera(page);
  await seedApplicant(page, request, 200);
  await page.goto('/ekyc1/take-selfie');
  await expect(page.getByRole('img', { name: 'QR code to continue on your phone' })).toBeVisible();
  await look(page, `esign-selfie-qr-${test.info().project.name}.png`);
});
