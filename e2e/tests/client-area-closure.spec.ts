/**
 * A client closes the account on a phone, in English and Hindi: the back office's pre-check (the
 * sandbox answers holdings for a PAN ending 7) asks for the demat account the shares go to; a
 * malformed account is said at the field; the request is signed with Aadhaar eSign in the popup,
 * accepted and confirmed by two staff members (four eyes), carried out at the registries, and the
 * sign-in then says the account is closed.
 */
import { expect, test, type APIRequestContext } from '@playwright/test';
import { seriousViolations } from '../support/axe';
import { BEFORE_FINAL, catalogue, staffCall, text } from '../support/client-area';
import { outboxOtp, seedApplicant, SIGNED_SECTIONS, staffToken, uniquePan } from '../support/journey';

const MAKER = {
  email: 'client-closure.maker@broker.example',
  password: 'client-closure-maker-1',
  name: 'Mira Maker',
  role: 'reviewer',
};
const CHECKER = {
  email: 'client-closure.checker@broker.example',
  password: 'client-closure-checker-1',
  name: 'Chetan Checker',
  role: 'checker',
};

/** A PAN of its own whose last digit is 7: the sandbox back office answers two holdings. */
function panHolding(): string {
  const pan = uniquePan();
  const digits = `${pan.slice(5, 8)}7`;
  // four like digits are other sandboxes' special values
  const safe = /^(\d)\1{3}$/.test(digits) ? `${pan.slice(5, 7)}${(Number(pan[7]) + 1) % 10}7` : digits;
  return `${pan.slice(0, 5)}${safe}${pan[9]}`;
}

async function openAccount(page: Parameters<typeof seedApplicant>[0], request: APIRequestContext) {
  const sections = { ...SIGNED_SECTIONS, pan_obj: { ...SIGNED_SECTIONS.pan_obj, pan_number: panHolding() } };
  const { mobile } = await seedApplicant(page, request, 220, sections, {
    email: `closure.${Date.now()}.${Math.floor(Math.random() * 1e6)}@example.in`,
  });
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

for (const lang of ['en', 'hi'] as const) {
  test(`a client closes the account with a transfer of the holdings, in ${lang}`, async ({ page, request }) => {
    test.slow();
    const c = catalogue(lang, 'client-area');
    const { mobile, maker, checker } = await openAccount(page, request);
    await page.addInitScript((l) => localStorage.setItem('ekyc.lang', l), lang);

    const signIn = async (after?: string) => {
      await page.getByLabel(text(c, 'signIn.mobile')).fill(mobile);
      await page.getByRole('button', { name: text(c, 'signIn.sendOtp') }).click();
      const otp = await outboxOtp(request, mobile, after);
      await page.getByLabel(text(c, 'signIn.otp', { mobile })).fill(otp);
      await page.getByRole('button', { name: text(c, 'signIn.verify') }).click();
      return otp;
    };
    await page.goto('/my-account');
    const signInOtp = await signIn();
    await expect(page.getByRole('heading', { level: 1, name: text(c, 'title') })).toBeVisible();

    // the reason, then the back office's pre-check: holdings, so the target account is asked
    await page.getByRole('link', { name: text(c, 'closure.link') }).click();
    await expect(page.getByRole('heading', { level: 1, name: text(c, 'closure.heading') })).toBeVisible();
    await page.getByLabel(text(c, 'closure.reason')).selectOption('moving_to_another_broker');
    await page.getByRole('button', { name: text(c, 'closure.check') }).click();
    await expect(page.getByTestId('pre-check')).toContainText('INE002A01018');
    expect(await seriousViolations(page)).toEqual([]);
    await page.getByLabel(text(c, 'closure.depository')).selectOption('CDSL');
    // a CDSL account is 16 digits: an NSDL-shaped one is said at the field
    await page.getByLabel(text(c, 'closure.boId')).fill('IN30012345678901');
    await page.getByRole('button', { name: text(c, 'closure.save') }).click();
    await expect(page.getByText(text(c, 'closure.boIdInvalid'))).toBeVisible();
    await page.getByLabel(text(c, 'closure.boId')).fill('1208160000123456');
    await page.getByRole('button', { name: text(c, 'closure.save') }).click();

    // signed with Aadhaar eSign in the popup
    const popup = page.waitForEvent('popup');
    await page.getByRole('button', { name: text(c, 'nomination.sign') }).click();
    const esp = await popup;
    await expect(esp.getByLabel('Aadhaar OTP')).toBeVisible();
    const signOtp = await outboxOtp(request, mobile, signInOtp);
    await esp.getByLabel('Aadhaar OTP').fill(signOtp);
    await esp.getByRole('button', { name: 'Verify OTP and sign' }).click();
    const signed = page.getByTestId('closure-signed');
    await expect(signed).toBeVisible({ timeout: 30_000 });
    const number = /SR-\d{6}/.exec((await signed.textContent()) ?? '')![0];

    // four eyes, then the registries
    const queue = await staffCall<{ requests: { id: string; number: string }[] }>(
      request,
      maker,
      'service-requests',
      'GET',
    );
    const id = queue.requests.find((r) => r.number === number)!.id;
    await staffCall(request, maker, `service-requests/${id}/accept`);
    await staffCall(request, checker, `service-requests/${id}/confirm`);
    await expect
      .poll(
        async () =>
          (await staffCall<{ request: { status: string } }>(request, maker, `service-requests/${id}`, 'GET')).request
            .status,
        { timeout: 45_000 },
      )
      .toBe('done');

    // the session has ended; signing in again says the account is closed
    await page.goto('/my-account');
    await expect(page.getByRole('heading', { name: text(c, 'signIn.heading') })).toBeVisible();
    await signIn(signOtp);
    await expect(page.getByRole('alert').filter({ hasText: text(c, 'signIn.closed') })).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
  });
}
