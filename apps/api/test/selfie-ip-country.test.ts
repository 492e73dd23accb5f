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
import { judgeIp } from '../src/modules/selfie/ip-check.ts';
import { LIVENESS_PRIVATE, type LivenessState } from '../src/modules/selfie/liveness-state.ts';

/** Addresses of Reliance Jio (India) and Google (United States), by the database the package ships. */
const INDIAN_IP = '49.44.0.1';
const US_IP = '8.8.8.8';
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
      state: await app.deps.records.getSection<LivenessState>(id, LIVENESS_PRIVATE),
      kept: await app.deps.records.getSection<{ ip_country?: string | null }>(id, '_kyc_capture'),
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

  it('a loopback address (local and sandbox runs) is unknown, not a failure', async () => {
    const { state } = await uploadFrom('127.0.0.1', inMumbai());
    expect(state).toMatchObject({ ip_country: null });
    expect(state?.ip_review).toBeUndefined();
  });
});
