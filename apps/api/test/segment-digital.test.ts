import { MSG } from '@ekyc/contracts/messages';
import type { FastifyInstance } from 'fastify';
import { generateKeyPairSync, verify } from 'node:crypto';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { loadConfig } from '../src/config.ts';
import { createAccountAggregator } from '../src/providers/account-aggregator/create.ts';
import { RebitAccountAggregator } from '../src/providers/account-aggregator/rebit.ts';
import { createSelfFetch } from '../src/providers/http.ts';
import {
  decodeFi,
  decryptParams,
  encodeFi,
  encryptParams,
  formatRedirectDate,
} from '../src/providers/account-aggregator/web-redirection.ts';
import { call, PRODUCTION_PROVIDER_ENV, testApp, uniqueMobile } from './support/test-app.ts';

let app: FastifyInstance;
beforeAll(async () => {
  app = await testApp();
});
afterAll(() => app.close());

async function applicantAt(stage = 190) {
  const mobile = uniqueMobile();
  const res = await app.inject({ method: 'POST', url: '/sandbox/fixtures/applicant', payload: { mobile, stage } });
  return { token: (res.json() as { data: { token: string } }).data.token, mobile };
}

/** update-segment (digital): the redirect_url and clienttrnxid the app keeps. */
async function startDigital(token: string) {
  const res = await call<{ redirect_url: string; clienttrnxid: string }>(app, 'POST', 'update-segment', {
    token,
    body: {
      segments: ['equity_1', 'currency_derivatives_1'],
      upload_prccess_by: 'digital',
      risk_disclosure: { version: 'fo-2023-07', language: 'en', acknowledged_at: '2026-11-25T10:00:00Z' },
    },
  });
  expect(res.body.status).toBe(true);
  return res.body.data;
}

/** What the sandbox AA page's script posts to window.opener after Approve or Reject. */
async function decide(redirectUrl: string, decision: 'approve' | 'reject') {
  const url = new URL(redirectUrl);
  const page = await app.inject({ url: url.pathname + url.search });
  expect(page.statusCode).toBe(200);
  expect(page.body).toContain('Approve');
  expect(page.body).toContain('DEPOSIT');
  expect(page.body).not.toMatch(/<script>/);
  const q = Object.fromEntries(url.searchParams);
  const res = await app.inject({
    method: 'POST',
    url: '/sandbox/account-aggregator/webview/decision',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams({ ...q, decision }).toString(),
  });
  expect(res.statusCode).toBe(200);
  expect(res.body).toContain('<script src="/sandbox/account-aggregator/return.js" defer></script>');
  const attr = (name: string) => new RegExp(`data-${name}="([^"]*)"`).exec(res.body)![1]!;
  return {
    status: attr('status'),
    fi: attr('fi'),
    resdate: attr('resdate'),
    ecres: attr('ecres'),
    errorcode: attr('errorcode'),
  };
}

it('asks the account aggregator for consent and completes the stage once the applicant approves', async () => {
  const { token, mobile } = await applicantAt();
  const { redirect_url, clienttrnxid } = await startDigital(token);
  expect(redirect_url).toMatch(
    /^http:\/\/127\.0\.0\.1:8080\/sandbox\/account-aggregator\/webview\?fi=.+&requestorType=.+&reqdate=\d{15}&ecreq=/,
  );
  expect(redirect_url).not.toContain(mobile);
  expect(clienttrnxid.length).toBeGreaterThan(2);

  const message = await decide(redirect_url, 'approve');
  expect(message).toMatchObject({ status: 'S', errorcode: '0' });
  const res = await call(app, 'POST', 'get-segment-status', { token, body: { ...message, clienttrnxid } });
  expect(res.body).toEqual({
    status: true,
    message: 'Your financial proof was received',
    code: 'financialProofReceived',
    data: { status: 'S', message: 'Your financial proof was received', data: { screen: '/take-selfie' } },
  });
  const details = await call<[{ segment_obj: Record<string, unknown> }]>(app, 'GET', 'get-user-details', { token });
  expect(details.body.data[0].segment_obj).toMatchObject({
    segment_list: [
      { code: 'equity_1', name: 'Equity' },
      { code: 'currency_derivatives_1', name: 'Currency Derivatives' },
    ],
    upload_prccess_by: 'digital',
    aa_consent: { status: 'ACTIVE', fi_types: ['DEPOSIT'] },
  });
  expect(JSON.stringify(details.body.data[0])).not.toContain('_segment_aa');
});

it('answers failure with the screen to stay on when the applicant rejects the consent', async () => {
  const { token } = await applicantAt();
  const { redirect_url, clienttrnxid } = await startDigital(token);
  const message = await decide(redirect_url, 'reject');
  expect(message).toMatchObject({ status: 'F', errorcode: '1' });
  const res = await call(app, 'POST', 'get-segment-status', { token, body: { ...message, clienttrnxid } });
  expect(res.body).toEqual({
    status: false,
    message: MSG.aaConsentFailed,
    code: 'aaConsentFailed',
    data: { status: 'F', message: MSG.aaConsentFailed, data: { screen: '/bank-and-segment/segment' } },
  });
});

it('does not take a claimed status S without the genuine response of this consent', async () => {
  const { token } = await applicantAt();
  const first = await startDigital(token);
  const rejected = await decide(first.redirect_url, 'reject');
  // a forged S with the rejected consent's encrypted response, or with none at all
  for (const body of [
    { ...rejected, status: 'S', clienttrnxid: first.clienttrnxid },
    { status: 'S', clienttrnxid: first.clienttrnxid },
    {
      status: 'S',
      fi: rejected.fi,
      resdate: rejected.resdate,
      ecres: `${rejected.ecres.slice(0, -4)}AAAA`,
      clienttrnxid: first.clienttrnxid,
    },
  ]) {
    const res = await call(app, 'POST', 'get-segment-status', { token, body });
    expect(res.body).toMatchObject({ status: false, data: { status: 'F' } });
  }
  // a new consent: an approval for it does not count under another clienttrnxid
  const second = await startDigital(token);
  const approved = await decide(second.redirect_url, 'approve');
  const wrongTxn = await call(app, 'POST', 'get-segment-status', {
    token,
    body: { ...approved, clienttrnxid: first.clienttrnxid },
  });
  expect(wrongTxn.body).toMatchObject({ status: false, message: MSG.aaConsentFailed });
  const ok = await call(app, 'POST', 'get-segment-status', {
    token,
    body: { ...approved, clienttrnxid: second.clienttrnxid },
  });
  expect(ok.body).toMatchObject({ status: true, data: { status: 'S', data: { screen: '/take-selfie' } } });
});

it('refuses a consent page that was tampered with or has expired', async () => {
  const { token } = await applicantAt();
  const { redirect_url } = await startDigital(token);
  const url = new URL(redirect_url);
  url.searchParams.set('ecreq', `${url.searchParams.get('ecreq')!.slice(0, -2)}xx`);
  expect((await app.inject({ url: url.pathname + url.search })).statusCode).toBe(400);
  const stale = new URL(redirect_url);
  stale.searchParams.set('reqdate', formatRedirectDate(new Date(Date.now() - 10 * 60 * 1000)));
  expect((await app.inject({ url: stale.pathname + stale.search })).statusCode).toBe(400);
});

it('speaks ReBIT and Sahamati web redirection to a production account aggregator', async () => {
  const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const secret = 'ac12ghd75kf75r0123456789abcdefgh';
  const sent: { url: string; headers: Record<string, string>; body: Record<string, unknown> }[] = [];
  const aa = new RebitAccountAggregator({
    baseUrl: 'https://aa.example.com/api',
    webviewUrl: 'https://aa.example.com/webview',
    fiuId: 'broker-fiu',
    aaId: 'onemoney-aa',
    aaHandle: 'onemoney',
    apiKey: 'k-123',
    redirectionSecret: secret,
    signingKeyPem: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
    fetch: async (url, init) => {
      const body = JSON.parse(String(init.body)) as Record<string, unknown>;
      sent.push({ url, headers: init.headers as Record<string, string>, body });
      const reply = url.endsWith('/Consent')
        ? { ver: '2.0.0', txnid: body.txnid, ConsentHandle: 'h-1' }
        : { ver: '2.0.0', txnid: body.txnid, ConsentHandle: 'h-1', ConsentStatus: { id: 'c-9', status: 'ACTIVE' } };
      return new Response(JSON.stringify(reply), { status: 200, headers: { 'content-type': 'application/json' } });
    },
  });
  const from = new Date('2026-05-01T00:00:00Z');
  const to = new Date('2026-11-01T00:00:00Z');
  expect(await aa.requestConsent({ txnid: 't-1', mobile: '9876543210', from, to })).toEqual({
    consentHandle: 'h-1',
    customerId: '9876543210@onemoney',
  });
  const consent = sent[0]!;
  expect(consent.url).toBe('https://aa.example.com/api/Consent');
  expect(consent.headers.client_api_key).toBe('k-123');
  expect(consent.body).toMatchObject({
    ver: '2.0.0',
    txnid: 't-1',
    ConsentDetail: {
      consentMode: 'STORE',
      fiTypes: ['DEPOSIT'],
      DataConsumer: { id: 'broker-fiu' },
      Customer: { id: '9876543210@onemoney' },
      FIDataRange: { from: from.toISOString(), to: to.toISOString() },
    },
  });
  const [header, empty, signature] = consent.headers['x-jws-signature']!.split('.');
  expect(empty).toBe('');
  const raw = JSON.stringify(consent.body);
  expect(verify('RSA-SHA256', Buffer.from(`${header}.${raw}`), publicKey, Buffer.from(signature!, 'base64url'))).toBe(
    true,
  );

  expect(await aa.consentStatus('h-1')).toEqual({ status: 'ACTIVE', consentId: 'c-9' });
  expect(sent[1]).toMatchObject({ url: 'https://aa.example.com/api/Consent/handle', body: { ConsentHandle: 'h-1' } });

  const now = new Date();
  const webview = new URL(
    aa.webviewUrl(
      { txnid: 't-1', sessionid: 'h-1', userid: '9876543210@onemoney', redirect: 'https://broker/back', srcref: 'h-1' },
      now,
    ),
  );
  expect(webview.origin + webview.pathname).toBe('https://aa.example.com/webview');
  const reqdate = webview.searchParams.get('reqdate')!;
  expect(reqdate).toBe(formatRedirectDate(now));
  expect(decodeFi(webview.searchParams.get('fi')!, reqdate)).toBe('broker-fiu');
  expect(decodeFi(webview.searchParams.get('requestorType')!, reqdate)).toBe('FIU');
  expect(decryptParams(secret, reqdate, webview.searchParams.get('ecreq')!)).toEqual({
    txnid: 't-1',
    sessionid: 'h-1',
    userid: '9876543210@onemoney',
    redirect: 'https://broker/back',
    srcref: 'h-1',
  });

  const resdate = formatRedirectDate(now);
  const ecres = encryptParams(secret, resdate, {
    txnid: 't-1',
    sessionid: 'h-1',
    userid: '9876543210@onemoney',
    srcref: 'h-1',
    status: 'S',
    errorcode: '0',
  });
  // the return leg's fi is the AA's own id; the FIU's own id there is not the AA answering
  const fi = encodeFi('onemoney-aa', resdate);
  expect(aa.readRedirect({ fi, resdate, ecres }, now)).toMatchObject({
    txnid: 't-1',
    srcref: ['h-1'],
    status: 'S',
  });
  expect(aa.readRedirect({ fi: encodeFi('broker-fiu', resdate), resdate, ecres }, now)).toBeNull();
  // The stamp carries minutes and milliseconds, no seconds: 180 s plus the minute it may read early.
  const late = new Date(now.getTime() + 241_000);
  expect(aa.readRedirect({ fi, resdate, ecres }, late)).toBeNull();
  expect(aa.readRedirect({ fi: encodeFi('other', resdate), resdate, ecres }, now)).toBeNull();
});

it('is configured from the production environment, and refuses to start without it', () => {
  const config = (env: Record<string, string>) => loadConfig({ NODE_ENV: 'test', DATA_DIR: 'memory://', ...env });
  expect(createAccountAggregator(config(PRODUCTION_PROVIDER_ENV), createSelfFetch())).toBeInstanceOf(
    RebitAccountAggregator,
  );
  const { AA_REDIRECTION_SECRET: _unused, ...missing } = PRODUCTION_PROVIDER_ENV;
  expect(() => createAccountAggregator(config(missing), createSelfFetch())).toThrow(/AA_REDIRECTION_SECRET/);
});
