/**
 * The random action, checked in the browser with the sandbox face model: the applicant is asked to
 * turn their head one way and the camera shows it turning the other way. The frames taken while
 * the action is performed go with the selfie; the selfie is accepted and the applicant moves on,
 * but it waits for a reviewer with the reason (the turn failed). The asked way is verified.
 */
import { expect, test } from '@playwright/test';
import { seedApplicant } from '../support/journey';
import { useTurningFaceAsCamera } from '../support/turning-camera';

const CASES = [
  { name: 'a head turned the wrong way sends the selfie to review', wrongWay: true },
  { name: 'a head turned the asked way is verified', wrongWay: false },
];

for (const { name, wrongWay } of CASES)
  test(name, async ({ page, request }) => {
    const camera = await useTurningFaceAsCamera(page, 'Take selfie');
    const { token } = await seedApplicant(page, request, 200);
    await page.goto('/ekyc1/take-selfie');

    // the server draws the action; a code to read is swapped for a head turn, as an applicant may ask
    const prompt = page.getByTestId('random-action');
    await expect(prompt).toBeVisible();
    if ((await prompt.textContent())?.includes('read this code'))
      await page.getByRole('button', { name: 'I cannot do this: let me turn my head instead' }).click();
    await expect(prompt).toContainText(/turn your head slowly to the (left|right)/);
    const asked = (await prompt.textContent())!.includes('to the left') ? 'left' : 'right';

    // the head starts turned one way and turns the other while the frames are taken
    const other = asked === 'left' ? 'right' : 'left';
    await expect(page.getByText('a few pictures are taken over 2 seconds')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Take selfie' })).toBeEnabled();
    if (wrongWay) await camera.turn(asked, other);
    else await camera.turn(other, asked);
    await page.getByRole('button', { name: 'Take selfie' }).click();
    await expect(page.getByRole('img', { name: 'Your selfie' })).toBeVisible();
    const module = page.waitForEvent('popup');
    await page.getByRole('button', { name: 'Continue' }).click();
    await (await module).getByRole('button', { name: /auto_approved/ }).click();
    await expect(page).toHaveURL(/\/ekyc1\/e-sign$/, { timeout: 90_000 });

    const details = await request.get('/api/v1/ekyc/get-user-details', {
      headers: { authorization: `Bearer ${token}` },
    });
    const [first] = ((await details.json()) as { data: [{ livness_obj: Record<string, unknown> }] }).data;
    if (wrongWay)
      expect(first.livness_obj).toMatchObject({
        status: 'needs_review',
        action_check: { result: 'failed', reason: 'turned_the_other_way' },
        review_reasons: expect.arrayContaining(['action_failed']),
      });
    else {
      expect(first.livness_obj).toMatchObject({ action_check: { result: 'verified', reason: 'turned_as_asked' } });
      expect(first.livness_obj.review_reasons ?? []).not.toContain('action_failed');
    }
  });
