/**
 * Assisted video KYC: an applicant who needs help books a call (a working day in the next two
 * weeks, a slot, their language, what help they need) at any stage; a second booking replaces the
 * first; the back office lists the calls to make with the number to call, and marks one done (in
 * the audit trail). Wrong input is refused naming the field.
 */
import { MSG } from '@ekyc/contracts/messages';
import { type AssistedKycCall, type AssistedKycData } from '@ekyc/contracts/calls/assisted-kyc';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, call, reviewerToken, signUp, testApp } from './support/test-app.ts';

describe('Assisted video KYC', () => {
  let app: FastifyInstance;
  let staff: string;
  beforeAll(async () => {
    app = await testApp();
    staff = await reviewerToken(app, 'assisted.kyc@broker.example');
  }, 120_000);
  afterAll(() => app.close());

  const calls = async () =>
    (
      (await app.inject({ method: 'GET', url: '/api/v1/backoffice/assisted-kyc', headers: bearer(staff) })).json() as {
        data: AssistedKycCall[];
      }
    ).data;

  it('books a call on an offered day, replaces it on a second booking, and the back office sees it', async () => {
    const { token, mobile } = await signUp(app);
    const offered = (await call<AssistedKycData>(app, 'GET', 'get-assisted-kyc', { token })).body.data;
    expect(offered.booking).toBeNull();
    expect(offered.days).toHaveLength(12); // two weeks ahead, Sundays left out
    expect(offered.days.every((d) => new Date(`${d}T00:00:00Z`).getUTCDay() !== 0)).toBe(true);

    const first = await call<AssistedKycData>(app, 'POST', 'request-assisted-kyc', {
      token,
      body: { call_date: offered.days[0], slot: '10:00-12:00', language: 'hi', needs: ['vision'] },
    });
    expect(first.body).toMatchObject({ status: true, message: 'Your call is booked' });
    const second = await call<AssistedKycData>(app, 'POST', 'request-assisted-kyc', {
      token,
      body: {
        call_date: offered.days[2],
        slot: '14:00-16:00',
        language: 'hi',
        needs: ['vision', 'mobility'],
        note: 'Please call my son first',
      },
    });
    expect(second.body.data.booking).toMatchObject({
      call_date: offered.days[2],
      slot: '14:00-16:00',
      needs: ['vision', 'mobility'],
      note: 'Please call my son first',
      status: 'booked',
    });

    const listed = (await calls()).filter((c) => c.mobile === mobile);
    expect(listed).toHaveLength(1);
    expect(listed[0]).toMatchObject({ slot: '14:00-16:00', language: 'hi', stage: 120 });

    const done = await app.inject({
      method: 'POST',
      url: `/api/v1/backoffice/assisted-kyc/${listed[0]!.applicant_id}/done`,
      headers: bearer(staff),
    });
    expect(done.statusCode).toBe(200);
    expect((await calls()).some((c) => c.mobile === mobile)).toBe(false);
    const audit = await app.inject({
      method: 'GET',
      url: `/api/v1/backoffice/applications/${listed[0]!.applicant_id}/audit`,
      headers: bearer(staff),
    });
    expect(audit.body).toContain('assisted_kyc.done');
    expect((await call<AssistedKycData>(app, 'GET', 'get-assisted-kyc', { token })).body.data.booking?.status).toBe(
      'done',
    );
  });

  it('refuses a day not offered, a slot not offered and a long note, naming the field and the message’s code', async () => {
    const { token } = await signUp(app);
    const body = { call_date: '2020-01-01', slot: '10:00-12:00', language: 'en', needs: [] };
    const past = await call(app, 'POST', 'request-assisted-kyc', { token, body });
    expect(past.statusCode).toBe(400);
    expect(JSON.stringify(past.body)).toContain(MSG.assistedKycDay);
    expect(past.body).toMatchObject({ code: 'assistedKycDay' });
    const { days } = (await call<AssistedKycData>(app, 'GET', 'get-assisted-kyc', { token })).body.data;
    const slot = await call(app, 'POST', 'request-assisted-kyc', {
      token,
      body: { ...body, call_date: days[0], slot: '22:00-23:00' },
    });
    expect(slot.statusCode).toBe(400);
    expect(JSON.stringify(slot.body)).toContain(MSG.assistedKycSlot);
    expect(slot.body).toMatchObject({ code: 'assistedKycSlot' });
    const note = await call(app, 'POST', 'request-assisted-kyc', {
      token,
      body: { ...body, call_date: days[0], note: 'x'.repeat(301) },
    });
    expect(note.statusCode).toBe(400);
    expect(JSON.stringify(note.body)).toContain(MSG.assistedKycNote);
    expect(note.body).toMatchObject({ code: 'assistedKycNote' });
  });

  it('cancels a booking', async () => {
    const { token, mobile } = await signUp(app);
    const { days } = (await call<AssistedKycData>(app, 'GET', 'get-assisted-kyc', { token })).body.data;
    await call(app, 'POST', 'request-assisted-kyc', {
      token,
      body: { call_date: days[1], slot: '12:00-14:00', language: 'en', needs: ['hearing'] },
    });
    const cancelled = await call<AssistedKycData>(app, 'POST', 'cancel-assisted-kyc', { token });
    expect(cancelled.body.data.booking?.status).toBe('cancelled');
    expect((await calls()).some((c) => c.mobile === mobile)).toBe(false);
  });
});
