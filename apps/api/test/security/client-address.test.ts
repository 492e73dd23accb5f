/**
 * The client address behind the per-address limits: X-Forwarded-For is believed only from the
 * proxies TRUST_PROXY names (none by default), and OTP calls are limited per mobile number as well.
 */
import type { FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config.ts';
import { testApp, uniqueMobile } from '../support/test-app.ts';

const LIMIT = 5;
let app: FastifyInstance | undefined;
afterEach(async () => {
  await app?.close();
  app = undefined;
});

const sendOtp = (remoteAddress: string, forwardedFor: string | undefined, mobile = uniqueMobile()) =>
  app!.inject({
    method: 'POST',
    url: '/api/v1/ekyc/send-otp',
    remoteAddress,
    headers: forwardedFor ? { 'x-forwarded-for': forwardedFor } : {},
    payload: { mobile, whatspp_opt: false },
  });

async function statuses(n: number, request: (i: number) => Promise<{ statusCode: number }>) {
  const out: number[] = [];
  for (let i = 0; i < n; i++) out.push((await request(i)).statusCode);
  return out;
}

describe('client address', () => {
  it('ignores X-Forwarded-For by default: rotating it does not escape the per-address OTP limit', async () => {
    app = await testApp({ OTP_RATE_LIMIT_PER_MINUTE: String(LIMIT) });
    const codes = await statuses(LIMIT + 3, (i) => sendOtp('203.0.113.10', `198.51.100.${i + 1}`));
    expect(codes.slice(0, LIMIT)).toEqual(Array(LIMIT).fill(200));
    expect(codes.slice(LIMIT)).toEqual([429, 429, 429]);
  });

  it('ignores X-Forwarded-For on staff sign-in too: rotating it and the email does not escape the per-address limit', async () => {
    app = await testApp({ OTP_RATE_LIMIT_PER_MINUTE: String(LIMIT) });
    const codes = await statuses(LIMIT + 1, (i) =>
      app!.inject({
        method: 'POST',
        url: '/api/v1/backoffice/login',
        remoteAddress: '203.0.113.11',
        headers: { 'x-forwarded-for': `198.51.100.${i + 1}` },
        payload: { email: `guess${i}@broker.example`, password: 'a guessed password' },
      }),
    );
    expect(codes).toEqual([...Array(LIMIT).fill(200), 429]);
  });

  it('with TRUST_PROXY=1 takes the address the one proxy saw, not what the client wrote before it', async () => {
    app = await testApp({ OTP_RATE_LIMIT_PER_MINUTE: String(LIMIT), TRUST_PROXY: '1' });
    // one client behind the proxy, rotating a forged first entry
    const forged = await statuses(LIMIT + 1, (i) => sendOtp('10.0.0.2', `192.0.2.${i + 1}, 203.0.113.20`));
    expect(forged.at(-1)).toBe(429);
    // different clients behind the same proxy each have their own allowance
    const clients = await statuses(LIMIT + 1, (i) => sendOtp('10.0.0.2', `203.0.113.${100 + i}`));
    expect(clients).toEqual(Array(LIMIT + 1).fill(200));
  });

  it('with a CIDR list believes the header only from those proxies', async () => {
    app = await testApp({ OTP_RATE_LIMIT_PER_MINUTE: String(LIMIT), TRUST_PROXY: '10.0.0.0/8, 127.0.0.1' });
    const viaProxy = await statuses(LIMIT + 1, (i) => sendOtp('10.1.2.3', `203.0.113.${150 + i}`));
    expect(viaProxy).toEqual(Array(LIMIT + 1).fill(200));
    const direct = await statuses(LIMIT + 1, (i) => sendOtp('198.51.100.77', `203.0.113.${200 + i}`));
    expect(direct.at(-1)).toBe(429);
  });

  it('refuses a TRUST_PROXY that would trust everyone or is not an address', () => {
    const base = { NODE_ENV: 'test', DATA_DIR: 'memory://' } as const;
    expect(() => loadConfig({ ...base, TRUST_PROXY: 'true' })).toThrow(/TRUST_PROXY/);
    expect(() => loadConfig({ ...base, TRUST_PROXY: '10.0.0.0/33' })).toThrow(/TRUST_PROXY/);
    expect(() => loadConfig({ ...base, TRUST_PROXY: 'proxy.example' })).toThrow(/TRUST_PROXY/);
    expect(loadConfig({ ...base }).trustProxy).toBe(false);
    expect(loadConfig({ ...base, TRUST_PROXY: '2' }).trustProxy).toBe(2);
    expect(loadConfig({ ...base, TRUST_PROXY: 'loopback, fd00::/8' }).trustProxy).toEqual(['loopback', 'fd00::/8']);
  });
});

describe('OTP limits per mobile number', () => {
  it('limits OTP checks for one mobile number however many addresses they come from', async () => {
    app = await testApp({ OTP_RATE_LIMIT_PER_MOBILE_PER_MINUTE: String(LIMIT) });
    const mobile = uniqueMobile();
    await sendOtp('203.0.113.1', undefined, mobile);
    const codes = await statuses(LIMIT + 2, (i) =>
      app!.inject({
        method: 'POST',
        url: '/api/v1/ekyc/verify-otp',
        remoteAddress: `198.51.100.${i + 1}`,
        payload: { mobile, otp: String(100000 + i) },
      }),
    );
    // the send counted too: LIMIT - 1 checks, then refused
    expect(codes.slice(0, LIMIT - 1)).toEqual(Array(LIMIT - 1).fill(200));
    expect(codes.slice(LIMIT - 1)).toEqual([429, 429, 429]);
    // another number from the same addresses is not held up
    const other = uniqueMobile();
    await sendOtp('203.0.113.1', undefined, other);
    const otherCheck = await app!.inject({
      method: 'POST',
      url: '/api/v1/ekyc/verify-otp',
      remoteAddress: '198.51.100.1',
      payload: { mobile: other, otp: '123456' },
    });
    expect(otherCheck.statusCode).toBe(200);
  });
});
