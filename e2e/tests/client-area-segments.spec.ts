/**
 * A client adds F&O after the account is open, on a phone: the risk disclosure is shown and
 * acknowledged, the income proof (an ITR as a PDF) uploaded, the request signed with Aadhaar eSign
 * in the popup, accepted and confirmed by two staff members (four eyes), carried to the exchanges'
 * UCC, and My account then shows the segment active.
 */
import { expect, test } from '@playwright/test';
import { makeProofPdf } from '../../apps/api/test/support/segment-pdf';
import { seriousViolations } from '../support/axe';
import { BEFORE_FINAL, catalogue as catalogueOf, staffCall, text } from '../support/client-area';
import { outboxOtp, seedApplicant, SIGNED_SECTIONS, staffToken } from '../support/journey';

const catalogue = (ns: string) => catalogueOf('en', ns);

const MAKER = {
  email: 'client-segments.maker@broker.example',
  password: 'client-segments-maker-1',
  name: 'Mira Maker',
  role: 'reviewer',
};
const CHECKER = {
  email: 'client-segments.checker@broker.example',
  password: 'client-segments-checker-1',
  name: 'Chetan Checker',
  role: 'checker',
};

test('a client adds F&O later with an income proof, on a phone', async ({ page, request }) => {
  test.slow();
  const c = catalogue('client-area');
  const s = catalogue('segment');
  const { mobile } = await seedApplicant(page, request, 220, SIGNED_SECTIONS, {
    email: `segments.${Date.now()}.${Math.floor(Math.random() * 1e6)}@example.in`,
  });
  const maker = await staffToken(request, MAKER);
  const checker = await staffToken(request, CHECKER);
  const id = (await staffCall<{ items: { id: string }[] }>(request, maker, `applications?q=${mobile}`, 'GET')).items[0]!
    .id;
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

  await page.goto('/my-account');
  await page.getByLabel(text(c, 'signIn.mobile')).fill(mobile);
  await page.getByRole('button', { name: text(c, 'signIn.sendOtp') }).click();
  const signInOtp = await outboxOtp(request, mobile);
  await page.getByLabel(text(c, 'signIn.otp', { mobile })).fill(signInOtp);
  await page.getByRole('button', { name: text(c, 'signIn.verify') }).click();
  await expect(page.getByTestId('segment-state-equity_derivatives_1')).toHaveText(text(c, 'segments.inactive'));

  await page.getByRole('link', { name: text(c, 'segments.change') }).click();
  await expect(page.getByRole('heading', { level: 1, name: text(c, 'segmentsChange.heading') })).toBeVisible();
  await page.getByLabel(text(c, 'segmentsChange.activate', { name: text(s, 'names.equity_derivatives_1') })).check();
  // the risk disclosure covers more than half of the phone's screen, acknowledged before saving
  const disclosure = page.getByTestId('risk-disclosure');
  await expect(disclosure).toBeVisible();
  const box = (await disclosure.boundingBox())!;
  expect(box.height).toBeGreaterThan(page.viewportSize()!.height / 2);
  await page.getByRole('button', { name: text(c, 'segmentsChange.save') }).click();
  await expect(disclosure.getByRole('alert')).toBeVisible();
  await disclosure.getByRole('checkbox').check();
  await page.getByLabel(text(s, 'proofOption')).selectOption('itr');
  await page.getByLabel(text(s, 'file')).setInputFiles({
    name: 'itr-2025-26.pdf',
    mimeType: 'application/pdf',
    buffer: Buffer.from(await makeProofPdf('Income tax return')),
  });
  expect(await seriousViolations(page)).toEqual([]);
  await page.getByRole('button', { name: text(c, 'segmentsChange.save') }).click();

  // signed with Aadhaar eSign in the popup
  const popup = page.waitForEvent('popup');
  await page.getByRole('button', { name: text(c, 'nomination.sign') }).click();
  const esp = await popup;
  await expect(esp.getByLabel('Aadhaar OTP')).toBeVisible();
  await esp.getByLabel('Aadhaar OTP').fill(await outboxOtp(request, mobile, signInOtp));
  await esp.getByRole('button', { name: 'Verify OTP and sign' }).click();
  const signed = page.getByTestId('segments-signed');
  await expect(signed).toBeVisible({ timeout: 30_000 });
  const number = /SR-\d{6}/.exec((await signed.textContent()) ?? '')![0];

  // four eyes, then the exchanges
  const queue = await staffCall<{ requests: { id: string; number: string }[] }>(
    request,
    maker,
    'service-requests',
    'GET',
  );
  const requestId = queue.requests.find((r) => r.number === number)!.id;
  await staffCall(request, maker, `service-requests/${requestId}/accept`);
  await staffCall(request, checker, `service-requests/${requestId}/confirm`);
  await expect
    .poll(
      async () =>
        (await staffCall<{ request: { status: string } }>(request, maker, `service-requests/${requestId}`, 'GET'))
          .request.status,
      { timeout: 45_000 },
    )
    .toBe('done');
  await page.goto('/my-account');
  await expect(page.getByTestId('segment-state-equity_derivatives_1')).toHaveText(text(c, 'segments.active'));
});
