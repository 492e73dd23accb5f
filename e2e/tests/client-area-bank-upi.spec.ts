/**
 * A client adds a bank account by UPI reverse penny drop on a phone, in Hindi: pays ₹1 from the
 * (sandbox) UPI app, the page sees the paying account verified, and the request naming it is signed
 * with Aadhaar eSign; the reviewer reads that the account came by UPI.
 */
import type { Language } from '@ekyc/contracts/constants';
import { expect, test } from '@playwright/test';
import { seriousViolations } from '../support/axe';
import { catalogue, openClientAccount, signInClient, signInPopup, staffCall, text } from '../support/client-area';
import { SIGNED_SECTIONS } from '../support/journey';

const STAFF = {
  maker: {
    email: 'client-upi.maker@broker.example',
    password: 'client-upi-maker-1',
    name: 'Mira Maker',
    role: 'reviewer',
  },
  checker: {
    email: 'client-upi.checker@broker.example',
    password: 'client-upi-checker-1',
    name: 'Chetan Checker',
    role: 'checker',
  },
};

test('a client adds a bank account by paying ₹1 by UPI, on a phone, in Hindi', async ({ page, request }) => {
  test.slow();
  const lang: Language = 'hi';
  const c = catalogue(lang, 'client-area');
  const { mobile, maker } = await openClientAccount(page, request, SIGNED_SECTIONS, STAFF);
  await page.addInitScript((l) => localStorage.setItem('ekyc.lang', l), lang);
  const signInOtp = await signInClient(page, request, c, mobile);

  await page.getByRole('link', { name: text(c, 'bank.change') }).click();
  await page.getByRole('button', { name: text(c, 'bankChange.upiStart') }).click();
  await expect(page.getByRole('status')).toHaveText(text(c, 'bankChange.upiWaiting'));
  expect(await seriousViolations(page)).toEqual([]);

  // the sandbox UPI app pays ₹1; the page sees the paying account verified by itself
  const opened = page.waitForEvent('popup');
  await page.getByRole('link', { name: text(c, 'bankChange.upiSandboxApp') }).click();
  const app = await opened;
  await app.getByRole('button', { name: 'Pay ₹1.00' }).click();
  await app.close();
  const account = page.getByTestId('upi-account');
  const [, verifiedBy] = text(c, 'bankChange.upiAccount').split('{{last4}}');
  await expect(account).toContainText(verifiedBy!.trim());
  await page.getByLabel(text(c, 'bankChange.type')).selectOption('Saving');
  await page.getByRole('button', { name: text(c, 'bankChange.save') }).click();

  await signInPopup(page, request, c, mobile, signInOtp);
  const signed = page.getByTestId('bank-signed');
  await expect(signed).toBeVisible({ timeout: 30_000 });
  const number = /SR-\d{6}/.exec((await signed.textContent()) ?? '')![0];
  const queue = await staffCall<{ requests: { number: string; summary: string[] }[] }>(
    request,
    maker,
    'service-requests',
    'GET',
  );
  expect(queue.requests.find((r) => r.number === number)!.summary[0]).toContain('UPI reverse penny drop');
});
