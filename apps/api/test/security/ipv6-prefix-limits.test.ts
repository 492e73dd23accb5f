/**
 * Per-address limits count an IPv6 client by its network prefix (/64 by default, a home or phone
 * connection's usual allocation): rotating through the addresses of one's own prefix does not
 * escape them. IPv4 is counted by address, and an IPv4-mapped IPv6 address as the IPv4 address.
 */
import type { FastifyInstance } from 'fastify';
import { afterEach, expect, it } from 'vitest';
import { loadConfig } from '../../src/config.ts';
import { testApp, uniqueMobile } from '../support/test-app.ts';

const LIMIT = 3;
let app: FastifyInstance | undefined;
afterEach(async () => {
  await app?.close();
  app = undefined;
});

const sendOtp = async (remoteAddress: string) =>
  (
    await app!.inject({
      method: 'POST',
      url: '/api/v1/ekyc/send-otp',
      remoteAddress,
      payload: { mobile: uniqueMobile(), whatspp_opt: false },
    })
  ).statusCode;

async function fromEach(addresses: string[]): Promise<number[]> {
  const codes: number[] = [];
  for (const address of addresses) codes.push(await sendOtp(address));
  return codes;
}

it('counts two addresses of one /64 as one client, and another /64 apart', async () => {
  app = await testApp({ OTP_RATE_LIMIT_PER_MINUTE: String(LIMIT) });
  const sameNetwork = await fromEach([
    '2001:db8:1:2::1',
    '2001:db8:1:2:aaaa::2',
    '2001:db8:1:2:ffff:ffff:ffff:fffe',
    '2001:db8:1:2::4',
  ]);
  expect(sameNetwork).toEqual([200, 200, 200, 429]);
  // the neighbouring /64 has its own allowance
  expect(await fromEach(['2001:db8:1:3::1', '2001:db8:1:3::2'])).toEqual([200, 200]);
});

it('counts IPv4 by address, and an IPv4-mapped IPv6 address as that IPv4 address', async () => {
  app = await testApp({ OTP_RATE_LIMIT_PER_MINUTE: String(LIMIT) });
  expect(await fromEach(['203.0.113.7', '::ffff:203.0.113.7', '203.0.113.7', '::ffff:203.0.113.7'])).toEqual([
    200, 200, 200, 429,
  ]);
  expect(await fromEach(['203.0.113.8'])).toEqual([200]);
});

it('takes the prefix length from RATE_LIMIT_IPV6_PREFIX', async () => {
  app = await testApp({ OTP_RATE_LIMIT_PER_MINUTE: String(LIMIT), RATE_LIMIT_IPV6_PREFIX: '48' });
  // four /64s of one /48: one client
  expect(await fromEach(['2001:db8:5:1::1', '2001:db8:5:2::1', '2001:db8:5:3::1', '2001:db8:5:4::1'])).toEqual([
    200, 200, 200, 429,
  ]);
  expect(await fromEach(['2001:db8:6:1::1'])).toEqual([200]);
});

it('refuses a prefix length that is not one', () => {
  const base = { NODE_ENV: 'test', DATA_DIR: 'memory://' } as const;
  expect(loadConfig(base).rateLimit.ipv6Prefix).toBe(64);
  expect(() => loadConfig({ ...base, RATE_LIMIT_IPV6_PREFIX: '129' })).toThrow(/RATE_LIMIT_IPV6_PREFIX/);
  expect(() => loadConfig({ ...base, RATE_LIMIT_IPV6_PREFIX: '/64' })).toThrow(/RATE_LIMIT_IPV6_PREFIX/);
});
