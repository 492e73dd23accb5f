/**
 * A staff account locked by wrong passwords: the admin sees the lockout on the Staff page and lifts
 * it with the Unlock control; the reviewer can then sign in.
 */
import { expect, test } from '@playwright/test';
import { look } from '../support/look';

const ADMIN = { email: 'admin.lockout@broker.example', password: 'admin-lockout-pass-1', name: 'Anil Admin' };
const REVIEWER = { email: 'locked.reviewer@broker.example', password: 'reviewer-lockout-1', name: 'Lata Reviewer' };

test('an admin lifts a reviewer’s sign-in lockout from the Staff page', async ({ page, request }) => {
  await request.post('/sandbox/fixtures/staff', { data: { ...ADMIN, role: 'admin' } });
  await request.post('/sandbox/fixtures/staff', { data: { ...REVIEWER, role: 'reviewer' } });
  const login = (password: string) =>
    request.post('/api/v1/backoffice/login', { data: { email: REVIEWER.email, password } });
  // the e2e server has no wait between tries (STAFF_LOGIN_DELAY_SECONDS=0): five wrong passwords lock
  for (let i = 0; i < 5; i++) expect((await login(`wrong-password-${i}`)).status()).toBe(200);
  const locked = await login(REVIEWER.password);
  expect(locked.status()).toBe(429);

  await page.goto('/backoffice/');
  await page.getByLabel('Email').fill(ADMIN.email);
  await page.getByLabel('Password').fill(ADMIN.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('heading', { name: 'Review queue' })).toBeVisible();
  await page.goto('/backoffice/staff');
  const row = page.getByRole('listitem').filter({ hasText: REVIEWER.email });
  await expect(row.getByText(/^Locked until /)).toBeVisible();
  await look(page, 'staff-locked.png', { fullPage: true });
  await row.getByRole('button', { name: `Unlock ${REVIEWER.email}` }).click();
  await expect(page.getByText('Sign-in lockout lifted')).toBeVisible();
  await expect(row.getByText(/^Locked until /)).toHaveCount(0);
  await expect(row.getByRole('button', { name: `Unlock ${REVIEWER.email}` })).toHaveCount(0);

  const again = await login(REVIEWER.password);
  expect(((await again.json()) as { status: boolean }).status).toBe(true);
});
