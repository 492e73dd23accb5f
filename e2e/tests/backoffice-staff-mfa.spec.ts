/**
 * The staff second factor in the browser. The e2e server runs in sandbox mode, where the second
 * factor is optional (STAFF_MFA=optional): a reviewer sets up an authenticator app from My account
 * (the key read from the page, codes computed with otplib as the phone's app would), and from then
 * on the sign-in asks a code: a wrong one is refused, a right one signs in, and a recovery code
 * signs in once. And an invited member (four eyes, as the e2e server runs) chooses their own
 * password through the link e-mailed to them, which works once.
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

test('an invited checker chooses their own password through the e-mailed link, which works once', async ({
  page,
  request,
}) => {
  const ADMIN = { email: 'mfa.admin@broker.example', password: 'admin-invite-pass-1', name: 'Ina Admin' };
  const INVITEE = { email: 'ivy.checker@broker.example', name: 'Ivy Checker' };
  await request.post('/sandbox/fixtures/staff', { data: { ...ADMIN, role: 'admin' } });
  await page.goto('/backoffice/login');
  await page.getByLabel('Email').fill(ADMIN.email);
  await page.getByLabel('Password').fill(ADMIN.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('heading', { name: 'Review queue' })).toBeVisible();
  await page.goto('/backoffice/staff');
  const form = page.getByRole('form', { name: 'Add a staff member' });
  await form.getByLabel('Email').fill(INVITEE.email);
  await form.getByLabel('Name').fill(INVITEE.name);
  await form.getByLabel('Role').selectOption('checker');
  // the password left empty: the e2e server runs with four eyes, where an admin never sets one
  await form.getByRole('button', { name: 'Add staff member' }).click();
  await expect(page.getByText('Staff member added')).toBeVisible();
  const row = page.getByRole('listitem').filter({ hasText: INVITEE.email });
  await expect(row.getByText('Waiting for a second administrator: Checker')).toBeVisible();
  await page.getByRole('button', { name: 'Sign out' }).click();

  // the sandbox outbox stands in for the invitee's mailbox
  const outbox = (await (await request.get(`/sandbox/outbox?to=${encodeURIComponent(INVITEE.email)}`)).json()) as {
    text: string;
  }[];
  const link = new URL(outbox[0]!.text.match(/\S+#token=[\w-]+/)![0]);
  await page.goto(link.pathname + link.hash);
  await expect(page.getByRole('heading', { name: 'Choose your password' })).toBeVisible();
  await page.getByLabel('New password').fill('password1234');
  await page.getByRole('button', { name: 'Save password' }).click();
  await expect(page.getByText(/too easy to guess/)).toBeVisible();
  await page.getByLabel('New password').fill('copper meadow lantern 58');
  await page.getByRole('button', { name: 'Save password' }).click();
  // the checker grant waits for a second admin: meanwhile the account is a reviewer
  await expect(page.getByText(`Signed in as ${INVITEE.name} (Reviewer)`)).toBeVisible();

  await page.getByRole('button', { name: 'Sign out' }).click();
  await page.goto(link.pathname + link.hash);
  await page.getByLabel('New password').fill('another copper meadow 77');
  await page.getByRole('button', { name: 'Save password' }).click();
  await expect(page.getByRole('alert')).toHaveText(/This link is not valid any more/);
});
