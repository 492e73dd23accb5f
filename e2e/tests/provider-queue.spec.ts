/**
 * The queue while every penny-drop provider (or the PAN service, DigiLocker, the liveness module) is over its day's budget, as the
 * applicant sees it on a phone: "You are number N in the queue" (a status a screen reader says), "Try now" asks at once,
 * and the page asks again by itself when the wait ends and goes on when it is served. The server's
 * queue (places, budgets) is apps/api/test/provider-queue.test.ts; here the penny drop's first two
 * answers are the server's providerQueue answers, the third is the sandbox's own verification.
 */
import { MSG } from '@ekyc/contracts/messages';
import { expect, test } from '@playwright/test';
import { seedApplicant, VERIFIED_IDENTITY } from '../support/journey';

const queued = (position: number, retryAfter: number) => ({
  status: 503,
  headers: { 'content-type': 'application/json', 'retry-after': String(retryAfter) },
  body: JSON.stringify({
    status: false,
    code: 'providerQueue',
    message: MSG.providerQueue,
    data: { queue_position: position, retry_after: retryAfter },
  }),
});

test('the bank page says the place in the queue and goes on when it is served', async ({ page, request }) => {
  await seedApplicant(page, request, 160, VERIFIED_IDENTITY);
  const answers = [queued(2, 600), queued(1, 1)];
  let calls = 0;
  await page.route('**/api/v1/ekyc/bank-verification**', async (route) => {
    if (route.request().method() !== 'POST') return route.fallback();
    calls += 1;
    const answer = answers.shift();
    return answer ? route.fulfill(answer) : route.fallback();
  });
  await page.goto('/ekyc1/bank-and-segment/add-bank');
  await page.getByLabel('IFSC', { exact: true }).fill('hdfc0000001');
  await expect(page.getByText('HDFC Bank', { exact: true })).toBeVisible();
  await page.getByLabel('Account number', { exact: true }).fill('123456789012');
  await page.getByLabel('Confirm account number').fill('123456789012');
  await page.getByLabel('Saving').check();
  await page.getByRole('button', { name: 'Continue' }).click();

  const place = page.getByRole('status').filter({ hasText: /in the queue/ });
  await expect(place).toHaveText('You are number 2 in the queue');
  await expect(page.getByText(MSG.providerQueue)).toBeVisible();
  await expect(page).toHaveURL(/\/add-bank$/);
  // "Try now" asks at once: one place up, the wait now a second
  await page.getByRole('button', { name: 'Try now' }).click();
  await expect(place).toHaveText('You are number 1 in the queue');
  // the page asks again by itself; served, the applicant goes on to the signature
  await expect(page).toHaveURL(/\/bank-and-segment\/signature$/);
  expect(calls).toBe(3);
});

test('the PAN page says the place in the queue and goes on to the PAN details when served', async ({
  page,
  request,
}) => {
  await seedApplicant(page, request, 130);
  const answers = [queued(1, 1)];
  let calls = 0;
  await page.route('**/api/v1/ekyc/pan-validation**', async (route) => {
    if (route.request().method() !== 'POST') return route.fallback();
    calls += 1;
    const answer = answers.shift();
    return answer ? route.fulfill(answer) : route.fallback();
  });
  await page.goto('/ekyc1/pan-verification');
  await page.getByLabel('PAN number').fill('BCDPS4321K');
  await page.getByLabel('Name on PAN').fill('Sunita Sharma');
  await page.getByLabel('Date of birth').fill('05/06/1985');
  await page.getByRole('button', { name: 'Continue' }).click();
  // the place is said, then the page asks again by itself and, served, shows the PAN's details
  await expect(page.getByRole('status').filter({ hasText: /in the queue/ })).toHaveText(
    'You are number 1 in the queue',
  );
  await expect(page).toHaveURL(/\/ekyc1\/pan-verification\/pan-info$/);
  await expect(page.getByText('SUNITA SHARMA')).toBeVisible();
  expect(calls).toBe(2);
});

test('the DigiLocker page keeps the applicant in the queue, then sends them to DigiLocker', async ({
  page,
  request,
}) => {
  await seedApplicant(page, request, 140, { pan_obj: VERIFIED_IDENTITY.pan_obj });
  const answers = [queued(1, 1)];
  let calls = 0;
  await page.route('**/api/v1/ekyc/initilize-digilocker**', async (route) => {
    calls += 1;
    const answer = answers.shift();
    return answer ? route.fulfill(answer) : route.fallback();
  });
  await page.goto('/ekyc1/digilocker');
  await page.getByRole('checkbox').check();
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByRole('status').filter({ hasText: /in the queue/ })).toHaveText(
    'You are number 1 in the queue',
  );
  // asked again by itself and served: on to DigiLocker's consent, and back with the documents
  await expect(page).toHaveURL(/\/sandbox\/digilocker\/oauth2\/1\/authorize\?response_type=code&client_id=/);
  await page.getByRole('button', { name: 'Allow', exact: true }).click();
  await expect(page).toHaveURL(/\/ekyc1\/digilocker$/);
  await expect(page.getByRole('heading', { name: 'Aadhaar card' })).toBeVisible();
  expect(calls).toBe(2);
});

test('the selfie page shows the place in the liveness queue and gets the module once served', async ({
  page,
  request,
}) => {
  await seedApplicant(page, request, 200, VERIFIED_IDENTITY);
  const answers = [queued(3, 600), queued(1, 1)];
  let calls = 0;
  await page.route('**/api/v1/ekyc/get-hypervege-token**', async (route) => {
    calls += 1;
    const answer = answers.shift();
    return answer ? route.fulfill(answer) : route.fallback();
  });
  await page.goto('/ekyc1/take-selfie');
  const place = page.getByRole('status').filter({ hasText: /in the queue/ });
  await expect(place).toHaveText('You are number 3 in the queue');
  await page.getByRole('button', { name: 'Try now' }).click();
  await expect(place).toHaveText('You are number 1 in the queue');
  // asked again by itself: the token is in, the place is gone
  await expect(place).toHaveCount(0);
  expect(calls).toBe(3);
});
