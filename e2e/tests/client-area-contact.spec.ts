/**
 * A client changes the e-mail on a phone, in Hindi: the new e-mail checked at the field, an OTP to
 * the e-mail on record and another to the new one, the request signed with Aadhaar eSign in the
 * popup, accepted and confirmed by two staff members (four eyes), carried out at the registries,
 * and My account then shows the new e-mail with the request done.
 */
import type { Language } from '@ekyc/contracts/constants';
import { expect, test, type APIRequestContext } from '@playwright/test';
import { seriousViolations } from '../support/axe';
import { BEFORE_FINAL, catalogue, staffCall, text } from '../support/client-area';
import { outboxOtp, seedApplicant, SIGNED_SECTIONS, staffToken } from '../support/journey';

const MAKER = {
  email: 'client-contact.maker@broker.example',
  password: 'client-contact-maker-1',
  name: 'Mira Maker',
  role: 'reviewer',
};
const CHECKER = {
  email: 'client-contact.checker@broker.example',
  password: 'client-contact-checker-1',
  name: 'Chetan Checker',
  role: 'checker',
};

async function openAccount(page: Parameters<typeof seedApplicant>[0], request: APIRequestContext, email: string) {
  const { mobile } = await seedApplicant(page, request, 220, SIGNED_SECTIONS, { email });
  const maker = await staffToken(request, MAKER);
  const checker = await staffToken(request, CHECKER);
  const list = await staffCall<{ items: { id: string }[] }>(request, maker, `applications?q=${mobile}`, 'GET');
  const id = list.items[0]!.id;
  const decisions = await request.post(`/api/v1/backoffice/applications/${id}/decisions`, {
    headers: { authorization: `Bearer ${maker}` },
    data: { decisions: BEFORE_FINAL.map((stage) => ({ stage, activity: 'Accept' })) },
  });
  expect(decisions.status()).toBe(200);
  await staffCall(request, checker, `applications/${id}/confirm`);
  await expect
    .poll(async () => (await staffCall<{ status: string }>(request, maker, `applications/${id}`, 'GET')).status, {
      timeout: 45_000,
    })
    .toBe('Completed');
  return { mobile, maker, checker };
}

const uniqueEmail = (who: string) => `${who}.${Date.now()}.${Math.floor(Math.random() * 1e6)}@example.in`;

test('a client changes the e-mail on a phone, in Hindi: OTPs to the old and the new, e-signed, four-eyed', async ({
  page,
  request,
}) => {
  test.slow();
  const lang: Language = 'hi';
  const c = catalogue(lang, 'client-area');
  const oldEmail = uniqueEmail('purana');
  const newEmail = uniqueEmail('naya');
  const { mobile, maker, checker } = await openAccount(page, request, oldEmail);
  await page.addInitScript((l) => localStorage.setItem('ekyc.lang', l), lang);

  await page.goto('/my-account');
  await page.getByLabel(text(c, 'signIn.mobile')).fill(mobile);
  await page.getByRole('button', { name: text(c, 'signIn.sendOtp') }).click();
  const signInOtp = await outboxOtp(request, mobile);
  await page.getByLabel(text(c, 'signIn.otp', { mobile })).fill(signInOtp);
  await page.getByRole('button', { name: text(c, 'signIn.verify') }).click();
  await expect(page.getByRole('heading', { level: 1, name: text(c, 'title') })).toBeVisible();

  await page.getByRole('link', { name: text(c, 'contact.change') }).click();
  await expect(page.getByRole('heading', { level: 1, name: text(c, 'contactChange.heading') })).toBeVisible();
  const what = text(c, 'contactChange.email');
  await page.getByRole('radio', { name: what, exact: true }).check();
  // a malformed e-mail is said at the field, before any OTP is sent
  await page.getByLabel(text(c, 'contactChange.newValue', { what })).fill('naya@');
  await page.getByRole('button', { name: text(c, 'contactChange.sendOtps') }).click();
  await expect(page.getByRole('alert')).toBeVisible();
  await page.getByLabel(text(c, 'contactChange.newValue', { what })).fill(newEmail);
  await page.getByRole('button', { name: text(c, 'contactChange.sendOtps') }).click();

  // one OTP to the e-mail on record, another to the new one
  await expect(page.getByRole('status')).toContainText(newEmail);
  expect(await seriousViolations(page)).toEqual([]);
  await page
    .getByLabel(text(c, 'contactChange.otpOld', { what }), { exact: true })
    .fill(await outboxOtp(request, oldEmail));
  await page
    .getByLabel(text(c, 'contactChange.otpNew', { what }), { exact: true })
    .fill(await outboxOtp(request, newEmail));
  await page.getByRole('button', { name: text(c, 'contactChange.save') }).click();

  // signed with Aadhaar eSign in the popup
  const popup = page.waitForEvent('popup');
  await page.getByRole('button', { name: text(c, 'nomination.sign') }).click();
  const esp = await popup;
  await expect(esp.getByLabel('Aadhaar OTP')).toBeVisible();
  await esp.getByLabel('Aadhaar OTP').fill(await outboxOtp(request, mobile, signInOtp));
  await esp.getByRole('button', { name: 'Verify OTP and sign' }).click();
  const signed = page.getByTestId('contact-signed');
  await expect(signed).toBeVisible({ timeout: 30_000 });
  const number = /SR-\d{6}/.exec((await signed.textContent()) ?? '')![0];

  // four eyes, then the KRA, the depository and the exchanges
  const queue = await staffCall<{ requests: { id: string; number: string; summary: string[] }[] }>(
    request,
    maker,
    'service-requests',
    'GET',
  );
  const asked = queue.requests.find((r) => r.number === number)!;
  expect(asked.summary[0]).toContain(newEmail);
  await staffCall(request, maker, `service-requests/${asked.id}/accept`);
  await staffCall(request, checker, `service-requests/${asked.id}/confirm`);
  await expect
    .poll(
      async () =>
        (await staffCall<{ request: { status: string } }>(request, maker, `service-requests/${asked.id}`, 'GET'))
          .request.status,
      { timeout: 45_000 },
    )
    .toBe('done');

  // My account shows the new e-mail (masked) and the request done, in Hindi
  await page.goto('/my-account');
  await expect(page.getByTestId('request-status-contact')).toHaveText(text(c, 'status.done'));
  await expect(page.getByText(`${newEmail.slice(0, 2)}`, { exact: false }).first()).toBeVisible();
  await expect(page.getByText(newEmail.split('@')[1]!).first()).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
});
