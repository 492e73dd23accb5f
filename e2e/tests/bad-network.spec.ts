/**
 * The applicant on a phone whose network drops: a page whose code fails to download, a call made
 * offline, and a slow first load. Each waits for what the person sees, never for a time.
 */
import { expect, test } from '@playwright/test';
import { outboxOtp, uniqueMobile } from '../support/journey';
import { look } from '../support/look';

const OFFLINE = 'You are offline. What you typed is kept, and we will continue when you are back online.';
const LOAD_FAILED = 'This page could not load. Please check your connection and try again.';
const OTP_PAGE_CHUNK = /\/assets\/verify-mobile-otp-page-[\w-]+\.js$/;

test('a page whose code fails to download once is loaded again by itself', async ({ page }) => {
  let aborted = 0;
  await page.route(OTP_PAGE_CHUNK, async (route) => {
    if (aborted++ === 0) return route.abort('internetdisconnected');
    return route.continue();
  });
  const mobile = uniqueMobile();
  await page.goto('/ekyc1/');
  await page.getByLabel('Mobile number').fill(mobile);
  await page.getByRole('button', { name: 'Send OTP' }).click();
  await expect(page.getByLabel('Enter OTP')).toBeVisible();
  await expect(page.getByText(`+91 ${mobile}`)).toBeVisible();
  expect(aborted).toBeGreaterThan(1);
});

test('a page that cannot load shows a message with Retry inside the page frame, and Retry loads it', async ({
  page,
}) => {
  let blocked = true;
  await page.route(OTP_PAGE_CHUNK, (route) => (blocked ? route.abort('internetdisconnected') : route.continue()));
  const mobile = uniqueMobile();
  await page.goto('/ekyc1/');
  await page.getByLabel('Mobile number').fill(mobile);
  await page.getByRole('button', { name: 'Send OTP' }).click();
  await expect(page.getByRole('alert').filter({ hasText: LOAD_FAILED })).toBeVisible();
  // the frame stays: the header's home link, Help and the language switch, and the step's title
  await expect(page.getByRole('link', { name: 'Help' })).toBeVisible();
  await expect(page.getByRole('combobox')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Verify your mobile number' })).toBeVisible();
  await look(page, 'page-load-failed.png');
  // in Hindi too
  await page.getByRole('combobox').selectOption('hi');
  await expect(page.getByRole('alert')).toContainText('यह पेज लोड नहीं हो सका');
  await page.getByRole('combobox').selectOption('en');
  blocked = false;
  await page.getByRole('button', { name: 'Retry' }).click();
  await expect(page.getByLabel('Enter OTP')).toBeVisible();
  await expect(page.getByText(`+91 ${mobile}`)).toBeVisible();
});

test('offline during Send OTP and during Continue: says so, keeps what was typed, goes on when back online', async ({
  page,
  context,
  request,
}) => {
  const mobile = uniqueMobile();
  await page.goto('/ekyc1/');
  // the next step's code is already here, so this test is about the calls alone
  await page.getByLabel('Mobile number').fill(mobile);
  await context.setOffline(true);
  await page.getByRole('button', { name: 'Send OTP' }).click();
  await expect(page.getByRole('status').filter({ hasText: OFFLINE })).toBeVisible();
  await expect(page.getByLabel('Mobile number')).toHaveValue(mobile);
  await expect(page).toHaveURL(/\/ekyc1\/$/);
  await look(page, 'offline-send-otp.png');
  await context.setOffline(false);
  await expect(page).toHaveURL(/\/ekyc1\/verify-otp\?mobile=/);
  await expect(page.getByText(OFFLINE)).toBeHidden();

  const otp = await outboxOtp(request, mobile);
  await page.getByLabel('Enter OTP').fill(otp);
  await context.setOffline(true);
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByRole('status').filter({ hasText: OFFLINE })).toBeVisible();
  await expect(page.getByLabel('Enter OTP')).toHaveValue(otp);
  await expect(page).toHaveURL(/\/ekyc1\/verify-otp\?mobile=/);
  await context.setOffline(false);
  await expect(page).toHaveURL(/\/ekyc1\/email-verification$/);
  await expect(page.getByLabel('Email')).toBeVisible();
});

test('a slow first load shows a loader at once, before the form', async ({ page }) => {
  // the network holds the app's entry script until the loader has been seen: a phone on a slow link
  let release: () => void = () => undefined;
  const released = new Promise<void>((resolve) => (release = resolve));
  let held = 0;
  await page.route(/\/assets\/index-[\w-]+\.js$/, async (route) => {
    held++;
    await released;
    await route.continue();
  });
  await page.goto('/ekyc1/pan-verification', { waitUntil: 'commit' });
  const loader = page.getByRole('status').filter({ hasText: 'Loading…' });
  await expect(loader.first()).toBeVisible();
  await expect(page.getByLabel('Mobile number')).toHaveCount(0);
  expect(held).toBe(1);
  await look(page, 'slow-load.png');
  release();
  // an applicant without a session lands on the sign-up form
  await expect(page.getByLabel('Mobile number')).toBeVisible();
  await expect(page.getByText('Loading…')).toHaveCount(0);
});

test.describe('with the app kept on the phone', () => {
  test.use({ serviceWorkers: 'allow' });

  test('reloading without network shows the app and the offline notice, not the browser error page', async ({
    page,
    context,
  }) => {
    await page.goto('/ekyc1/');
    await expect(page.getByLabel('Mobile number')).toBeVisible();
    // the service worker has installed (the app's files are kept) and controls the page
    await page.evaluate(async () => {
      await navigator.serviceWorker.ready;
      if (!navigator.serviceWorker.controller)
        await new Promise((resolve) =>
          navigator.serviceWorker.addEventListener('controllerchange', resolve, { once: true }),
        );
    });
    // a visit while online keeps the page the server sent
    await page.reload();
    await expect(page.getByLabel('Mobile number')).toBeVisible();

    await context.setOffline(true);
    await page.reload();
    await expect(page.getByLabel('Mobile number')).toBeVisible();
    await expect(page.getByRole('status').filter({ hasText: OFFLINE })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Help' })).toBeVisible();
    await look(page, 'offline-reload.png');
    // another step's address offline: the kept app draws it (the applicant has no session, so sign-up)
    await page.goto('/ekyc1/pan-verification');
    await expect(page.getByLabel('Mobile number')).toBeVisible();
    await expect(page.getByRole('status').filter({ hasText: OFFLINE })).toBeVisible();

    await context.setOffline(false);
    await expect(page.getByText(OFFLINE)).toBeHidden();
  });
});
