/**
 * A location the broker can defend: the country of the client's IP address, from the offline
 * database (no network), next to the device's location. Outside India, or against the device,
 * sends the selfie to a reviewer with the reason; loopback and private addresses count as
 * unknown (accepted unless configured otherwise); the check can be switched off.
 */
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dataUrl, selfieImages } from './support/selfie-images.ts';
import { bearer, testApp, uniqueMobile } from './support/test-app.ts';
import { inMumbai } from './support/journey-applicant.ts';
import { ipCountry } from '../src/lib/ip-country.ts';
import { inHostingRange, judgeIp } from '../src/modules/selfie/ip-check.ts';
import { FileHostingRanges, parseRanges } from '../src/providers/hosting-ranges/range-list.ts';
import { LIVENESS_PRIVATE } from '../src/modules/selfie/liveness-state.ts';

/** Addresses of Reliance Jio (India) and Google (United States), by the database the package ships. */
const INDIAN_IP = '49.44.0.1';
const US_IP = '8.8.8.8';
/** In the sandbox's hosting list: an Amazon range in Mumbai (placed in India), and a documentation network as a VPN's exit. */
const AWS_MUMBAI_IP = '13.232.10.1';
const VPN_EXIT_IP = '192.0.2.44';
const LONDON = { consent: true, latitude: 51.5074, longitude: -0.1278, accuracy: 20 };

const review = { check: 'review', unknown: 'accept' } as const;

describe('the IP address country rule', () => {
  it('reads the country offline, IPv4 and IPv6, and none for loopback or private addresses', () => {
    expect(ipCountry(INDIAN_IP)).toBe('IN');
    expect(ipCountry(`::ffff:${INDIAN_IP}`)).toBe('IN');
    expect(ipCountry(US_IP)).toBe('US');
    for (const ip of ['127.0.0.1', '10.1.2.3', '192.168.0.1', '::1', 'not-an-ip', undefined])
      expect(ipCountry(ip)).toBeNull();
  });

  it.each([
    ['India, device in India', INDIAN_IP, true, []],
    ['India, no device fix', INDIAN_IP, undefined, []],
    ['abroad, device in India', US_IP, true, ['ip_outside_india', 'ip_location_mismatch']],
    ['abroad, no device fix', US_IP, undefined, ['ip_outside_india']],
    ['India, device abroad', INDIAN_IP, false, ['ip_location_mismatch']],
    ['loopback', '127.0.0.1', true, []],
  ] as const)('%s: %j', (_, ip, device, reviews) => {
    expect(judgeIp(ip, device, review)?.reviews).toEqual(reviews);
  });

  it('unknown addresses go to review when configured, and the check can be switched off', () => {
    expect(judgeIp('10.0.0.1', true, { check: 'review', unknown: 'review' })).toEqual({
      country: null,
      reviews: ['ip_unknown'],
    });
    expect(judgeIp(US_IP, true, { check: 'off', unknown: 'accept' })).toBeNull();
  });
});

describe('the hosting and VPN ranges list', () => {
  it('reads IPv4 and IPv6 networks and single addresses, skipping comments, names and other lines', () => {
    const { list, count } = parseRanges(
      [
        '# a header',
        '13.232.0.0/14',
        '52.66.0.0/16 Amazon ap-south-1',
        '2600:1f00::/24',
        '203.0.113.9',
        '',
        'not a range',
        '10.0.0.0/33',
        'AS16509',
      ].join('\n'),
    );
    expect(count).toBe(4);
    expect(list.check('13.235.255.255', 'ipv4')).toBe(true);
    expect(list.check('13.236.0.0', 'ipv4')).toBe(false);
    expect(list.check('52.66.1.2', 'ipv4')).toBe(true);
    expect(list.check('2600:1f00::1', 'ipv6')).toBe(true);
    expect(list.check('203.0.113.9', 'ipv4')).toBe(true);
    expect(list.check('203.0.113.10', 'ipv4')).toBe(false);
  });

  it('an Indian address in a hosting range goes to review; mapped IPv4 too; a list that cannot be read holds nothing up', async () => {
    const ranges = { contains: (ip: string) => Promise.resolve(ip === AWS_MUMBAI_IP) };
    const on = { check: 'review', reloadMinutes: 60 } as const;
    const hosting = await inHostingRange(ranges, AWS_MUMBAI_IP, on);
    expect(judgeIp(AWS_MUMBAI_IP, true, review, hosting)).toEqual({
      country: 'IN',
      hosting: true,
      reviews: ['ip_hosting'],
    });
    expect(judgeIp(INDIAN_IP, true, review, await inHostingRange(ranges, INDIAN_IP, on))).toEqual({
      country: 'IN',
      hosting: false,
      reviews: [],
    });
    // switched off, or no list configured: not checked
    expect(await inHostingRange(ranges, AWS_MUMBAI_IP, { ...on, check: 'off' })).toBeNull();
    expect(await inHostingRange(null, AWS_MUMBAI_IP, on)).toBeNull();
    const unreadable = new FileHostingRanges({ kind: 'file', path: '/nonexistent/ranges.txt' }, 60_000);
    expect(await inHostingRange(unreadable, AWS_MUMBAI_IP, on)).toBeNull();
    const file = new FileHostingRanges(
      { kind: 'url', url: 'https://lists.example/ranges.txt', fetch: async () => new Response('13.232.0.0/14\n') },
      60_000,
    );
    expect(await file.contains(`::ffff:${AWS_MUMBAI_IP}`)).toBe(true);
    expect(await file.contains(INDIAN_IP)).toBe(false);
  });
});

describe('at the selfie upload', () => {
  let app: FastifyInstance;
  let woman: Buffer;
  beforeAll(async () => {
    app = await testApp({ SANDBOX_SKIP_HEAVY_CHECKS: 'true', KYC_LOCATION_OUTSIDE_INDIA: 'review' });
    woman = (await selfieImages()).woman;
  }, 180_000);
  afterAll(() => app.close());

  async function uploadFrom(remoteAddress: string, location: object) {
    const res = await app.inject({
      method: 'POST',
      url: '/sandbox/fixtures/applicant',
      payload: { mobile: uniqueMobile(), stage: 200 },
    });
    const { token, applicant_id: id } = (res.json() as { data: { token: string; applicant_id: string } }).data;
    const t = await app.inject({ method: 'GET', url: '/api/v1/ekyc/get-hypervege-token', headers: bearer(token) });
    const transaction = (t.json() as { data: { transaction_id: string } }).data.transaction_id;
    const up = await app.inject({
      method: 'POST',
      url: '/api/v1/ekyc/upload-liveliness',
      headers: bearer(token),
      remoteAddress,
      payload: { image: dataUrl(woman), transaction_id: transaction, location },
    });
    expect(up.statusCode).toBe(200);
    return {
      state: await app.deps.records.getSection(id, LIVENESS_PRIVATE),
      kept: await app.deps.records.getSection(id, '_kyc_capture'),
    };
  }

  it('an Indian address with the device in India adds no reason', async () => {
    const { state, kept } = await uploadFrom(INDIAN_IP, inMumbai());
    expect(state).toMatchObject({ ip_country: 'IN' });
    expect(state?.ip_review).toBeUndefined();
    expect(kept?.ip_country).toBe('IN');
  });

  it('an address abroad with the device in India: outside India and a mismatch', async () => {
    const { state } = await uploadFrom(US_IP, inMumbai());
    expect(state).toMatchObject({ ip_country: 'US', ip_review: ['ip_outside_india', 'ip_location_mismatch'] });
  });

  it('an Indian address with the device abroad: a mismatch', async () => {
    const { state } = await uploadFrom(INDIAN_IP, { ...LONDON, captured_at: new Date().toISOString() });
    expect(state).toMatchObject({ location_review: 'location_outside_india', ip_review: ['ip_location_mismatch'] });
  });

  it('an address in the sandbox list of hosting ranges goes to a reviewer, placed in India or not', async () => {
    const aws = await uploadFrom(AWS_MUMBAI_IP, inMumbai());
    expect(aws.state).toMatchObject({ ip_country: 'IN', ip_review: ['ip_hosting'] });
    expect(aws.kept).toMatchObject({ ip_country: 'IN', ip_hosting: true });
    const vpn = await uploadFrom(VPN_EXIT_IP, inMumbai());
    expect(vpn.state).toMatchObject({ ip_country: null, ip_review: ['ip_hosting'] });
    const plain = await uploadFrom(INDIAN_IP, inMumbai());
    expect(plain.kept).toMatchObject({ ip_hosting: false });
  });

  it('a loopback address (local and sandbox runs) is unknown, not a failure', async () => {
    const { state } = await uploadFrom('127.0.0.1', inMumbai());
    expect(state).toMatchObject({ ip_country: null });
    expect(state?.ip_review).toBeUndefined();
  });
});
