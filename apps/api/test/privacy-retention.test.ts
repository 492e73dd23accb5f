/**
 * Retention by record class (packages/contracts/src/retention.ts): an open account's client who
 * asks for erasure keeps what the law needs while they trade (nothing is wiped by a sweep, however
 * late), what no rule keeps goes at once; an admin's account closure starts the holds (depository
 * records 8 years, KYC and PMLA 5) and the sweep erases the record when they end; applications
 * abandoned before signing are told, then purged. The sweep is driven by the date it is given.
 */
import type { AccountClosure } from '@ekyc/contracts/calls/backoffice-privacy';
import type { ConsentsData } from '@ekyc/contracts/calls/consents';
import { STAGE } from '@ekyc/contracts/stages';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migratedPglite } from './support/pglite-template.ts';
import { panWithDigits, signedSections } from './support/registrations.ts';
import { applicantAt } from './support/signing.ts';
import { bearer, call, reviewerToken, signUp, testApp } from './support/test-app.ts';

const YEAR_MS = 365.25 * 86_400_000;
const DAY_MS = 86_400_000;
const BO = '/api/v1/backoffice';

let app: FastifyInstance;
// the sweeps here go over the whole database years ahead: an embedded database of its own, even in
// server mode, so they never touch the applicants of the files running beside this one
beforeAll(async () => {
  app = await testApp({}, { database: await migratedPglite() });
}, 120_000);
afterAll(() => app.close());

/** A signed application (its stage list holds STATUS), optionally an active client with a client code. */
async function signedClient(digits: string, active: boolean) {
  const applicant = await applicantAt(app, STAGE.STATUS, signedSections(panWithDigits(digits)));
  // the selfie step's record of the device location (modules/selfie/kyc-capture.ts)
  await app.deps.records.save(applicant.id, {
    _kyc_capture: {
      location: {
        consent: true,
        latitude: 19.07,
        longitude: 72.87,
        accuracy: 12,
        received_at: '2026-01-01T00:00:00Z',
        inside_india: true,
      },
    },
  });
  if (active) await app.deps.records.update(applicant.id, { clientCode: `C${digits}${Date.now() % 100000}` });
  return applicant;
}

const erase = (token: string) =>
  call<ConsentsData & { signed_out: boolean }>(app, 'POST', 'request-erasure', { token, body: { confirm: true } });

const closeAccount = (staff: string, id: string, body: object) =>
  app.inject({ method: 'POST', url: `${BO}/applications/${id}/close-account`, headers: bearer(staff), payload: body });

const today = () => new Date(Date.now() + 330 * 60_000).toISOString().slice(0, 10);

describe('an open account asking for erasure', () => {
  it('keeps what the law needs while the client trades, says why, and erases the rest at once', async () => {
    const client = await signedClient('6101', true);
    const selfie = (kind: string) =>
      app.deps.records.saveFile(client.id, { kind, contentType: 'image/jpeg', bytes: Buffer.from(`a ${kind}`) });
    const kept = await selfie('selfie');
    const extra = await selfie('selfie');
    await app.deps.records.seed(client.id, { livness_obj: { image: kept } });

    const res = await erase(client.token);
    expect(res.body.message).toBe('Erasure requested');
    const erasure = res.body.data.erasure!;
    // no end while the account is open: the hold runs from its closure
    expect(erasure.hold_until).toBeNull();
    expect(erasure.hold_reason).toMatch(/account is open/);
    expect(erasure.kept.map((k) => [k.record_class, k.years_after_closure])).toEqual([
      ['kyc', 5],
      ['pmla', 5],
      ['depository', 8],
    ]);
    expect(erasure.kept.find((k) => k.record_class === 'depository')!.source).toContain(
      'SEBI/HO/MRD2/DDAP/CIR/P/2020/153',
    );
    expect(erasure.erased_now.map((k) => k.record_class)).toEqual(['marketing', 'capture_detail']);

    // what no rule keeps is gone: the other selfie, the location's coordinates
    expect(await app.deps.records.readFile(extra.$file)).toBeNull();
    expect((await app.deps.records.readFile(kept.$file))?.bytes.toString()).toBe('a selfie');
    const capture = await app.deps.records.getSection(client.id, '_kyc_capture');
    expect(capture!.location).toEqual({ consent: true, received_at: '2026-01-01T00:00:00Z', inside_india: true });

    // twenty years on the client still trades: the sweep erases nothing
    await app.deps.retention.sweep(new Date(Date.now() + 20 * YEAR_MS));
    expect((await call(app, 'GET', 'get-user-details', { token: client.token })).statusCode).toBe(200);
    expect((await app.deps.consents.erasure(client.id))!.erasedAt).toBeNull();
  });
});

describe('account closure', () => {
  it('is for an admin only, and only for a signed application', async () => {
    const client = await signedClient('6102', true);
    const reviewer = await reviewerToken(app, 'closure.reviewer@broker.example');
    const refused = await closeAccount(reviewer, client.id, { closed_on: today(), reason: 'Client asked to close' });
    expect(refused.statusCode).toBe(403);

    const admin = await reviewerToken(app, 'closure.admin@broker.example', 'admin');
    const unsigned = await applicantAt(app, STAGE.PAN);
    const conflict = await closeAccount(admin, unsigned.id, { closed_on: today(), reason: 'Client asked to close' });
    expect(conflict.statusCode).toBe(409);
    const future = await closeAccount(admin, client.id, { closed_on: '2999-01-01', reason: 'Client asked to close' });
    expect(future.statusCode).toBe(400);
    expect(JSON.stringify(future.json())).toContain('closed_on');
  });

  it("starts the holds of an erasure asked for while the account was open: the depository's 8 years, then erased", async () => {
    const client = await signedClient('6103', true);
    await erase(client.token);
    const admin = await reviewerToken(app, 'closure.admin2@broker.example', 'admin');
    const closed = await closeAccount(admin, client.id, { closed_on: today(), reason: 'Client asked to close' });
    expect(closed.statusCode).toBe(200);
    const closure = (closed.json() as { data: AccountClosure }).data;
    expect(closure.kept.map((k) => k.record_class)).toEqual(['kyc', 'pmla', 'depository']);

    // the client area says the account is closed, and until when the records are kept
    const view = (await call<ConsentsData>(app, 'GET', 'get-consents', { token: client.token })).body.data;
    expect(view.account_closed_at).toBe(closure.closed_at);
    const until = Date.parse(view.erasure!.hold_until!);
    expect((until - Date.parse(closure.closed_at)) / YEAR_MS).toBeCloseTo(8, 1);
    expect(view.erasure!.hold_reason).toContain(`closed on ${today()}`);
    const status = await call<{ account_active: boolean; account_closed_at?: string }>(
      app,
      'GET',
      'get-application-status',
      {
        token: client.token,
      },
    );
    expect(status.body.data).toMatchObject({ account_active: false, account_closed_at: closure.closed_at });

    // the closure is on the applicant's audit trail
    const trail = await app.inject({
      method: 'GET',
      url: `${BO}/applications/${client.id}/audit`,
      headers: bearer(admin),
    });
    expect(JSON.stringify(trail.json())).toContain('account.closed');

    // a second closure is refused
    expect((await closeAccount(admin, client.id, { closed_on: today(), reason: 'Again' })).statusCode).toBe(409);

    await app.deps.retention.sweep(new Date(until - DAY_MS));
    expect((await app.deps.consents.erasure(client.id))!.erasedAt).toBeNull();
    await app.deps.retention.sweep(new Date(until + 1000));
    expect((await app.deps.consents.erasure(client.id))!.erasedAt).not.toBeNull();
    expect((await call(app, 'GET', 'get-user-details', { token: client.token })).statusCode).toBe(401);
  });

  it("erases each class when its own hold ends: KYC at 5 years after closure, the depository's records at 8", async () => {
    const client = await signedClient('6105', true);
    const file = (kind: string) =>
      app.deps.records.saveFile(client.id, { kind, contentType: 'image/jpeg', bytes: Buffer.from(`a ${kind}`) });
    const selfie = await file('selfie');
    const panCard = await file('pan_card');
    const signature = await file('signature');
    const form = await file('signed-account-opening-form');
    const cheque = await file('cancelled-cheque');
    await app.deps.records.seed(client.id, {
      livness_obj: { image: selfie },
      signature_obj: { image: signature },
      nominee_obj: { nominees: [] },
      _signed_forms: { versions: [{ file: form }] },
    });
    const admin = await reviewerToken(app, 'closure.admin4@broker.example', 'admin');
    const closed = await closeAccount(admin, client.id, { closed_on: today(), reason: 'Client asked to close' });
    const closedAt = Date.parse((closed.json() as { data: AccountClosure }).data.closed_at);
    const sections = async () => Object.keys(await app.deps.records.allSections(client.id)).sort();
    const stored = async (ref: { $file: string }) => (await app.deps.records.readFile(ref.$file)) !== null;

    // four years on: nothing has ended yet
    await app.deps.retention.sweep(new Date(closedAt + 4 * YEAR_MS));
    expect(await sections()).toContain('pan_obj');
    expect(await stored(panCard)).toBe(true);

    // six years on: the KYC and PMLA holds have ended, the depository's has not
    await app.deps.retention.sweep(new Date(closedAt + 6 * YEAR_MS));
    const left = await sections();
    for (const kycOnly of ['pan_obj', 'personal_obj', 'digilocker_obj', 'livness_obj', 'review_obj'])
      expect(left).not.toContain(kycOnly);
    for (const dp of ['bank_obj', 'segment_obj', 'nominee_obj', 'signature_obj', '_signed_forms'])
      expect(left).toContain(dp);
    expect(await stored(selfie)).toBe(false);
    expect(await stored(panCard)).toBe(false);
    expect(await stored(signature)).toBe(true);
    expect(await stored(form)).toBe(true);
    expect(await stored(cheque)).toBe(true);
    // the client reads what is still kept: only the depository's records
    const view = (await call<ConsentsData>(app, 'GET', 'get-consents', { token: client.token })).body.data;
    expect(view.erasure!.kept.map((k) => k.record_class)).toEqual(['depository']);
    const trail = await app.inject({
      method: 'GET',
      url: `${BO}/applications/${client.id}/audit`,
      headers: bearer(admin),
    });
    expect(JSON.stringify(trail.json())).toContain('retention.classes_erased');
    // a later sweep before the depository's end changes nothing more
    await app.deps.retention.sweep(new Date(closedAt + 7 * YEAR_MS));
    expect(await sections()).toEqual(left);

    // eight years and a day on: everything is erased
    await app.deps.retention.sweep(new Date(closedAt + 8 * YEAR_MS + 2 * DAY_MS));
    expect((await app.deps.consents.erasure(client.id))!.erasedAt).not.toBeNull();
    expect(await stored(form)).toBe(false);
    expect(await stored(cheque)).toBe(false);
    expect((await call(app, 'GET', 'get-user-details', { token: client.token })).statusCode).toBe(401);
  });

  it('erases a closed account after its hold even without a request: 5 years with no demat account', async () => {
    const client = await signedClient('6104', false);
    const admin = await reviewerToken(app, 'closure.admin3@broker.example', 'admin');
    const closed = await closeAccount(admin, client.id, { closed_on: today(), reason: 'Application withdrawn' });
    const closure = (closed.json() as { data: AccountClosure }).data;
    expect(closure.kept.map((k) => k.record_class)).toEqual(['kyc', 'pmla']);
    const eraseOn = Date.parse(`${closure.erase_on}T00:00:00+05:30`);
    expect((eraseOn - Date.parse(closure.closed_at)) / YEAR_MS).toBeCloseTo(5, 1);

    await app.deps.retention.sweep(new Date(eraseOn - DAY_MS));
    expect((await call(app, 'GET', 'get-user-details', { token: client.token })).statusCode).toBe(200);
    await app.deps.retention.sweep(new Date(eraseOn + DAY_MS));
    expect((await call(app, 'GET', 'get-user-details', { token: client.token })).statusCode).toBe(401);
  });
});

describe('applications abandoned before signing', () => {
  const outbox = async (to: string) =>
    (await app.inject({ method: 'GET', url: `/sandbox/outbox?to=${to}` })).json() as { text: string }[];

  it('tells the applicant 7 days before, then purges an application left unchanged for 180 days', async () => {
    const { mobile, token } = await signUp(app);
    const now = Date.now();
    // 172 days idle: nothing yet
    await app.deps.retention.sweep(new Date(now + 172 * DAY_MS));
    expect((await outbox(mobile)).some((m) => /erase/.test(m.text))).toBe(false);
    // 174 days idle: the notice, with the day of the purge
    const noticeAt = new Date(now + 174 * DAY_MS);
    await app.deps.retention.sweep(noticeAt);
    const purgeDay = new Date(noticeAt.getTime() + 7 * DAY_MS + 330 * 60_000).toISOString().slice(0, 10);
    expect((await outbox(mobile))[0]!.text).toContain(`erase it on ${purgeDay}`);
    expect((await call(app, 'GET', 'get-user-details', { token })).statusCode).toBe(200);

    await app.deps.retention.sweep(new Date(noticeAt.getTime() + 7 * DAY_MS + 1000));
    expect((await call(app, 'GET', 'get-user-details', { token })).statusCode).toBe(401);
    expect(await app.deps.records.findByMobile(mobile)).toBeNull();
  });

  it('keeps an application its applicant came back to after the notice', async () => {
    const { mobile, token } = await signUp(app);
    const noticeAt = new Date(Date.now() + 175 * DAY_MS);
    await app.deps.retention.sweep(noticeAt);
    expect((await outbox(mobile)).some((m) => /erase/.test(m.text))).toBe(true);
    const applicant = await app.deps.records.findByMobile(mobile);
    await app.deps.records.save(applicant!.id, { _draft_note: { touched: true } });

    await app.deps.retention.sweep(new Date(noticeAt.getTime() + 8 * DAY_MS));
    expect((await call(app, 'GET', 'get-user-details', { token })).statusCode).toBe(200);
  });
});
