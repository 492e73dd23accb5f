/**
 * The staff second factor in the browser. The e2e server runs in sandbox mode, where the second
 * factor is optional (STAFF_MFA=optional): a reviewer sets up an authenticator app from My account
 * (the key read from the page, codes computed with otplib as the phone's app would), and from then
 * on the sign-in asks a code: a wrong one is refused, a right one signs in, and a recovery code
 * signs in once.
 */
import { expect, type Page, test } from '@playwright/test';
import { generate } from 'otplib';

const REVIEWER = { email: 'mfa.reviewer@broker.example', password: 'reviewer-mfa-pass-1', name: 'Mira Reviewer' };
const step = (ms: number) => Math.floor(ms / 30_000);
const signedIn = (page: Page) => expect(page.getByText(`Signed in as ${REVIEWER.name} (Reviewer)`)).toBeVisible();

async function signInWithPassword(page: Page) {
  await page.goto('/backoffice/login');
  await page.getByLabel('Email').fill(REVIEWER.email);
  await page.getByLabel('Password').fill(REVIEWER.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

async function signOut(page: Page) {
  await page.getByRole('button', { name: 'Sign out' }).click();
  await expect(page.getByRole('heading', { name: 'Back office sign-in' })).toBeVisible();
}

test('a reviewer sets up an authenticator app, then signs in with a code or a recovery code once', async ({
  page,
  request,
}) => {
  await request.post('/sandbox/fixtures/staff', { data: { ...REVIEWER, role: 'reviewer' } });

  // the second factor is optional here: the password alone opens the back office
  await signInWithPassword(page);
  await expect(page.getByRole('heading', { name: 'Review queue' })).toBeVisible();

  await page.getByRole('link', { name: 'My account' }).click();
  await expect(page.getByText('Your sign-in asks only your password.', { exact: false })).toBeVisible();
  await page.getByRole('button', { name: 'Set up an authenticator app' }).click();
  await expect(page.getByRole('img', { name: /QR code to add the back office/ })).toBeVisible();
  const secret = (await page.getByTestId('mfa-secret').textContent())!.trim();
  expect(secret).toMatch(/^[A-Z2-7]{16,}$/);
  await page.getByLabel('Code from your authenticator app').fill('000000');
  await page.getByRole('button', { name: 'Turn on' }).click();
  await expect(page.getByRole('alert')).toHaveText('Incorrect code');
  const enrolledAt = Date.now();
  await page.getByLabel('Code from your authenticator app').fill(await generate({ secret }));
  await page.getByRole('button', { name: 'Turn on' }).click();
  const recovery = page.getByRole('list', { name: 'Your recovery codes' }).getByRole('listitem');
  await expect(recovery).toHaveCount(10);
  const recoveryCode = (await recovery.first().textContent())!.trim();
  await expect(page.getByText('Your sign-in asks a code from your authenticator app.')).toBeVisible();
  await signOut(page);

  // the password is no longer enough: a wrong code is refused, the app's code signs in
  await signInWithPassword(page);
  await expect(page.getByRole('heading', { name: 'Second factor' })).toBeVisible();
  await page.getByLabel('Code from your authenticator app').fill('123456');
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page.getByRole('alert')).toHaveText('Incorrect code');
  // a time step is taken once: the next one's code (within the 30 s the server allows) after the enrolment's
  const use = Math.max(step(Date.now()), step(enrolledAt) + 1);
  await page.getByLabel('Code from your authenticator app').fill(await generate({ secret, epoch: use * 30 }));
  await page.getByRole('button', { name: 'Verify' }).click();
  await signedIn(page);
  await signOut(page);

  // a recovery code signs in once
  await signInWithPassword(page);
  await page.getByLabel('Code from your authenticator app').fill(recoveryCode);
  await page.getByRole('button', { name: 'Verify' }).click();
  await signedIn(page);
  await signOut(page);
  await signInWithPassword(page);
  await page.getByLabel('Code from your authenticator app').fill(recoveryCode);
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page.getByRole('alert')).toHaveText('Incorrect code');
});
