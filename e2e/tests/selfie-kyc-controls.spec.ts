/**
 * KYC-app controls at the selfie step: a random action from the server, none a blink, with another
 * kind on request; a device outside India is refused.
 */
import { MSG } from '@ekyc/contracts/messages';
import { expect, test } from '@playwright/test';
import { useFaceAsCamera } from '../support/face-camera';
import { seedApplicant } from '../support/journey';
import { look } from '../support/look';

test.describe('a device in London', () => {
  test.use({ geolocation: { latitude: 51.5074, longitude: -0.1278, accuracy: 20 }, permissions: ['geolocation'] });

  test('is refused with the reason, after the random action was shown', async ({ page, request }) => {
    await useFaceAsCamera(page);
    await seedApplicant(page, request, 200);
    await page.goto('/ekyc1/take-selfie');
    const action = page.getByTestId('random-action');
    await expect(action).toHaveText(/read this code aloud: \d{4}|turn your head slowly to the (left|right)/);
    await page.getByLabel(/I agree to share my device location/).check();
    await page.getByRole('button', { name: 'Take selfie' }).click();
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect(page.getByText(MSG.locationOutsideIndia)).toBeVisible({ timeout: 60_000 });
    await expect(page).toHaveURL(/\/ekyc1\/take-selfie$/);
    await look(page, 'selfie-outside-india.png');
  });
});

test.describe('a device in Mumbai', () => {
  test.use({ geolocation: { latitude: 19.076, longitude: 72.8777, accuracy: 20 }, permissions: ['geolocation'] });

  test('goes on to the liveness module', async ({ page, request }) => {
    await useFaceAsCamera(page);
    await seedApplicant(page, request, 200);
    await page.goto('/ekyc1/take-selfie');
    // an applicant who cannot do the action asked for asks for the other kind (none is a blink)
    const action = page.getByTestId('random-action');
    await expect(action).toHaveText(/read this code aloud: \d{4}|turn your head slowly/);
    const code = (await action.innerText()).includes('code');
    await page
      .getByRole('button', { name: code ? /let me turn my head instead/ : /give me a code to read aloud instead/ })
      .click();
    await expect(action).toHaveText(code ? /turn your head slowly/ : /read this code aloud: \d{4}/);
    await page.getByLabel(/I agree to share my device location/).check();
    await page.getByRole('button', { name: 'Take selfie' }).click();
    const popup = page.waitForEvent('popup');
    await page.getByRole('button', { name: 'Continue' }).click();
    const module = await popup;
    await module.getByRole('button', { name: /auto_approved/ }).click();
    await expect(page).toHaveURL(/\/ekyc1\/e-sign$/, { timeout: 90_000 });
  });
});
