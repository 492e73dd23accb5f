/**
 * KYC-app controls at the selfie step: a random action chosen by the server, the device location
 * inside India (outside refused), and a missing or doubtful location sent to manual review.
 */
import { MSG } from '@ekyc/contracts/messages';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dataUrl, selfieImages } from './support/selfie-images.ts';
import { call, testApp, uniqueMobile } from './support/test-app.ts';

let app: FastifyInstance;
let images: Awaited<ReturnType<typeof selfieImages>>;
beforeAll(async () => {
  app = await testApp({ SANDBOX_SKIP_HEAVY_CHECKS: 'true' });
  images = await selfieImages();
}, 180_000);
afterAll(() => app.close());

async function atSelfie() {
  const res = await app.inject({
    method: 'POST',
    url: '/sandbox/fixtures/applicant',
    payload: { mobile: uniqueMobile(), stage: 200 },
  });
  return (res.json() as { data: { token: string; applicant_id: string } }).data;
}

type Token = {
  transaction_id: string;
  module_url: string;
  action: { kind: string; code?: string; direction?: string; issued_at: string };
};

async function upload(token: string, location?: Record<string, unknown>) {
  const t = await call<Token>(app, 'GET', 'get-hypervege-token', { token });
  const res = await call<{ retry: boolean; screen: string }>(app, 'POST', 'upload-liveliness', {
    token,
    body: {
      image: dataUrl(images.woman),
      transaction_id: t.body.data.transaction_id,
      ...(location && { location }),
      action_done_at: new Date().toISOString(),
    },
  });
  return { t: t.body.data, res };
}

const now = () => new Date().toISOString();

describe('the selfie step', () => {
  it('asks for a random action chosen by the server, different attempts drawing afresh', async () => {
    const { token } = await atSelfie();
    const seen = new Set<string>();
    for (let i = 0; i < 12; i++) {
      const t = await call<Token>(app, 'GET', 'get-hypervege-token', { token });
      const a = t.body.data.action;
      expect(a.issued_at).toMatch(/^\d{4}-\d{2}-\d{2}T/);
      if (a.kind === 'read_code') expect(a.code).toMatch(/^\d{4}$/);
      else expect(a).toMatchObject({ kind: 'turn_head', direction: expect.stringMatching(/^(left|right)$/) });
      seen.add(JSON.stringify({ ...a, issued_at: '' }));
    }
    expect(seen.size).toBeGreaterThan(1);
  });

  it('gives another kind of action on request, never a blink, within the kinds the broker allows', async () => {
    const { token } = await atSelfie();
    for (const kind of ['read_code', 'turn_head'] as const) {
      const t = await call<Token & { actions: string[] }>(app, 'GET', 'get-hypervege-token', {
        token,
        query: { action: kind },
      });
      expect(t.body.data.action.kind).toBe(kind);
      expect(t.body.data.actions).toEqual(['read_code', 'turn_head']);
    }
    const blink = await call(app, 'GET', 'get-hypervege-token', { token, query: { action: 'blink' } });
    expect(blink.statusCode).toBe(400);
    expect(JSON.stringify(blink.body)).toContain('action');

    const codeOnly = await testApp({ SANDBOX_SKIP_HEAVY_CHECKS: 'true', KYC_LIVENESS_ACTIONS: 'read_code' });
    try {
      const res = await codeOnly.inject({
        method: 'POST',
        url: '/sandbox/fixtures/applicant',
        payload: { mobile: uniqueMobile(), stage: 200 },
      });
      const { token: other } = (res.json() as { data: { token: string } }).data;
      const t = await call<Token & { actions: string[] }>(codeOnly, 'GET', 'get-hypervege-token', {
        token: other,
        query: { action: 'turn_head' },
      });
      expect(t.body.data.action.kind).toBe('read_code');
      expect(t.body.data.actions).toEqual(['read_code']);
    } finally {
      await codeOnly.close();
    }
  });

  it('refuses a device located outside India', async () => {
    const { token } = await atSelfie();
    const { res } = await upload(token, {
      consent: true,
      latitude: 51.5074,
      longitude: -0.1278,
      accuracy: 20,
      captured_at: now(),
    });
    expect(res.body).toMatchObject({ status: false, message: MSG.locationOutsideIndia });
  });

  it('records the location and the action with their times', async () => {
    const { token, applicant_id } = await atSelfie();
    const { res } = await upload(token, {
      consent: true,
      latitude: 28.61,
      longitude: 77.21,
      accuracy: 15,
      captured_at: now(),
    });
    expect(res.body.message).not.toBe(MSG.locationOutsideIndia);
    const kept = await app.deps.records.getSection(applicant_id, '_kyc_capture');
    expect(kept).toMatchObject({
      location: { consent: true, inside_india: true },
      action: { issued_at: expect.any(String), done_at: expect.any(String) },
    });
    expect(kept!.review).toBeUndefined();
  });

  it.each([
    ['no consent', { consent: false }, 'location_missing'],
    ['no location at all', undefined, 'location_missing'],
    [
      'a fix without accuracy',
      { consent: true, latitude: 28.61, longitude: 77.21, captured_at: now() },
      'location_spoofed',
    ],
  ])('%s: goes to manual review, never a silent pass', async (_, location, reason) => {
    const { token, applicant_id } = await atSelfie();
    await upload(token, location);
    const kept = await app.deps.records.getSection(applicant_id, '_kyc_capture');
    expect(kept?.review).toBe(reason);
  });
});

describe('configured to review instead of refusing', () => {
  it('a location outside India goes to a reviewer', async () => {
    const other = await testApp({ SANDBOX_SKIP_HEAVY_CHECKS: 'true', KYC_LOCATION_OUTSIDE_INDIA: 'review' });
    try {
      const res = await other.inject({
        method: 'POST',
        url: '/sandbox/fixtures/applicant',
        payload: { mobile: uniqueMobile(), stage: 200 },
      });
      const { token, applicant_id } = (res.json() as { data: { token: string; applicant_id: string } }).data;
      const t = await call<Token>(other, 'GET', 'get-hypervege-token', { token });
      const up = await call(other, 'POST', 'upload-liveliness', {
        token,
        body: {
          image: dataUrl(images.woman),
          transaction_id: t.body.data.transaction_id,
          location: { consent: true, latitude: 51.5, longitude: -0.12, accuracy: 20, captured_at: now() },
        },
      });
      expect(up.body.message).not.toBe(MSG.locationOutsideIndia);
      const kept = await other.deps.records.getSection(applicant_id, '_kyc_capture');
      expect(kept?.review).toBe('location_outside_india');
    } finally {
      await other.close();
    }
  });
});
