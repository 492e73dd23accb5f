/**
 * Bank verification by UPI as a client sees it: a collect request approved or declined on the
 * sandbox UPI app, an invalid or later-refused VPA, UPI intent/QR, and the webhook's credentials.
 */
import path from 'node:path';
import { MSG } from '@ekyc/contracts/messages';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { importIfscBranches } from '../src/modules/bank/import-ifsc-branches.ts';
import { SANDBOX_UPI_WEBHOOK_SECRET } from '../src/providers/upi/create.ts';
import { signSetuBody } from '../src/providers/upi/setu.ts';
import { SANDBOX_UPI_AUTO_RESOLVE_MS } from '../src/sandbox/upi/routes.ts';
import { fixtureApplicant as bankApplicant, stageOf, userDetails } from './support/bank-applicant.ts';
import { call, testApp } from './support/test-app.ts';

let app: FastifyInstance;

beforeAll(async () => {
  // The OCR has its own test; here the cheque flow runs without it.
  app = await testApp({ SANDBOX_SKIP_HEAVY_CHECKS: 'true' });
  await importIfscBranches(app.deps.database, path.join(import.meta.dirname, 'fixtures/ifsc-sample.csv'));
});
afterAll(() => app.close());

const fixtureApplicant = () => bankApplicant(app);
const applicantAtBank = async () => (await fixtureApplicant()).token;
const details = (token: string) => userDetails(app, token);

describe('UPI', () => {
  const waitForCallback = async (t: string) => {
    const deadline = Date.now() + SANDBOX_UPI_AUTO_RESOLVE_MS + 4000;
    for (;;) {
      const d = await details(t);
      if (d[1].vpa_callback || Date.now() > deadline) return d;
      await new Promise((r) => setTimeout(r, 250));
    }
  };

  it('a collect request approved by the sandbox UPI app verifies the bank within 5 seconds', async () => {
    const t = await applicantAtBank();
    const started = Date.now();
    const res = await call(app, 'POST', 'vpa-validation', { token: t, body: { vpa_id: 'ravi.sharma@okaxis' } });
    expect(res.body).toMatchObject({
      status: true,
      message: MSG.upiCheckApp,
      data: { status_description: 'Success', screen: '/bank-and-segment/upi', wait_seconds: 58 },
    });
    const d = await waitForCallback(t);
    expect(Date.now() - started).toBeLessThan(5000);
    expect(d[1].vpa_callback).toMatchObject({
      status: 'Success',
      status_description: 'Success',
      message: MSG.bankVerified,
      screen: '/bank-and-segment/signature',
    });
    expect(stageOf(d)).toBe(170);
    expect(d[0].bank_obj).toMatchObject({ vpa_id: 'ravi.sharma@okaxis', bank_verify_edit: false });
  });

  it('a declined collect request leaves the bank unverified', async () => {
    const t = await applicantAtBank();
    const res = await call(app, 'POST', 'vpa-validation', { token: t, body: { vpa_id: 'decline.me@ybl' } });
    expect(res.body.status).toBe(true);
    const d = await waitForCallback(t);
    expect(d[1].vpa_callback).toMatchObject({
      status: 'Failure',
      status_description: 'Declined',
      message: MSG.bankNotVerified,
      screen: '/bank-and-segment',
    });
    expect(stageOf(d)).toBe(160);
  });

  it('a collect request can be declined on the sandbox UPI app page', async () => {
    const t = await applicantAtBank();
    const res = await call<{ upi_app_url: string }>(app, 'POST', 'vpa-validation', {
      token: t,
      body: { vpa_id: '9876543210@paytm' },
    });
    const page = await app.inject({ url: res.body.data.upi_app_url });
    expect(page.body).toContain('Decline');
    const action = /action="([^"]+\/decline)"/.exec(page.body)![1]!;
    expect((await app.inject({ method: 'POST', url: action })).statusCode).toBe(303);
    expect((await details(t))[1].vpa_callback).toMatchObject({ status: 'Failure', message: MSG.bankNotVerified });
  });

  it('an invalid VPA is refused at once', async () => {
    const res = await call(app, 'POST', 'vpa-validation', {
      token: await applicantAtBank(),
      body: { vpa_id: 'failing@upi' },
    });
    expect(res.body).toMatchObject({ status: false, message: MSG.upiInvalid, data: { status_description: 'Failure' } });
  });

  it('a VPA the provider answered as pending and later finds invalid leaves the bank unverified', async () => {
    const { token: t, applicant_id } = await fixtureApplicant();
    const res = await call(app, 'POST', 'vpa-validation', { token: t, body: { vpa_id: 'decline.later@ybl' } });
    expect(res.body.status).toBe(true);
    const pending = (await app.deps.records.getSection(applicant_id, '_bank_private'))!;
    const raw = JSON.stringify({
      eventId: 'e1',
      eventType: 'customer_vpa.invalid',
      resource: 'customer_vpa',
      status: 'invalid',
      id: 'cvpa_1',
      merchantReferenceId: pending.reference,
      customerVpa: 'decline.later@ybl',
      reason: {},
    });
    const hook = await app.inject({
      method: 'POST',
      url: '/api/v1/ekyc/upi-collect-webhook',
      headers: {
        'content-type': 'application/json',
        'x-setu-signature': signSetuBody(SANDBOX_UPI_WEBHOOK_SECRET, raw),
      },
      payload: raw,
    });
    expect(hook.json()).toMatchObject({ status: true, message: 'applied' });
    expect((await details(t))[1].vpa_callback).toMatchObject({ status: 'Failure', message: MSG.upiInvalid });
  });

  it('UPI intent/QR: paying Rs 1 from the sandbox UPI app verifies the account it came from', async () => {
    const t = await applicantAtBank();
    const res = await call<{ upi_link: string; qr_svg: string; upi_app_url: string }>(app, 'POST', 'upi-intent', {
      token: t,
    });
    expect(res.body).toMatchObject({ status: true, message: MSG.upiCheckApp, data: { status_description: 'Success' } });
    expect(res.body.data.upi_link).toMatch(/^upi:\/\/pay\?pa=/);
    expect(res.body.data.qr_svg).toMatch(/^data:image\/svg\+xml;base64,/);
    const page = await app.inject({ url: res.body.data.upi_app_url });
    const pay = /action="([^"]+\/pay)"/.exec(page.body)![1]!;
    expect((await app.inject({ method: 'POST', url: pay })).statusCode).toBe(303);
    const d = await details(t);
    expect(d[1].vpa_callback).toMatchObject({ status: 'Success', message: MSG.bankVerified });
    expect(stageOf(d)).toBe(170);
    expect(d[0].bank_obj).toMatchObject({ ifsc: 'HDFC0000001', bank_verify_edit: false });
    expect(String(d[0].bank_obj.account_number)).toMatch(/^5010\d{10}$/);
  });

  it('UPI intent/QR: a declined payment leaves the bank unverified', async () => {
    const t = await applicantAtBank();
    const res = await call<{ upi_app_url: string }>(app, 'POST', 'upi-intent', { token: t });
    const page = await app.inject({ url: res.body.data.upi_app_url });
    const decline = /action="([^"]+\/decline)"/.exec(page.body)![1]!;
    await app.inject({ method: 'POST', url: decline });
    const d = await details(t);
    expect(d[1].vpa_callback).toMatchObject({ status: 'Failure', status_description: 'Declined' });
    expect(stageOf(d)).toBe(160);
  });

  it('the UPI intent webhook refuses a notification without the configured credentials', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/v1/ekyc/upi-intent-webhook',
      headers: { authorization: 'Basic eDp5' },
      payload: { event: 'RPD_VERIFICATION_UPDATE', data: { rpd: { success: true, id: 'x' } } },
    });
    expect(res.statusCode).toBe(403);
  });

  it('the webhook refuses a notification without the provider signature', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/v1/ekyc/upi-collect-webhook',
      payload: { id: 'col_x', merchantReferenceId: 'x', status: 'paid', customerVpa: 'a@upi' },
    });
    expect(res.statusCode).toBe(403);
  });
});
