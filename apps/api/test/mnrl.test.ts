/**
 * DoT's Mobile Number Revocation List: the list file is read through the MNRL port (the sandbox
 * serves one with its test numbers, docs/configuration.md); a revoked number is refused at sign-up
 * before any OTP reaches it, and a number revoked later holds the exchange registrations for
 * review with the reason. A new download of the file is taken up after the reload interval.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ruleSetOn } from '@ekyc/contracts/regulation';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { preCheckProblem } from '../src/modules/registrations/pre-checks.ts';
import { approvedApplicant, panWithDigits } from './support/registrations.ts';
import { FileRevocationList, parseMnrl } from '../src/providers/mnrl/revocation-list.ts';
import { subject } from './support/registration-subject.ts';
import { call, testApp, uniqueMobile } from './support/test-app.ts';

describe('sign-up', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await testApp();
  });
  afterAll(() => app.close());

  it('refuses a revoked number with what to do, and sends it no OTP', async () => {
    const res = await call(app, 'POST', 'send-otp', { body: { mobile: '6000000002', whatspp_opt: false } });
    expect(res.statusCode).toBe(200);
    expect(res.body).toMatchObject({ status: false, code: 'mobileRevoked', data: { screen: '/' } });
    expect(res.body.message).toContain('list of disconnected numbers');
    const outbox = (await app.inject({ method: 'GET', url: '/sandbox/outbox?to=6000000002' })).json() as unknown[];
    expect(outbox).toEqual([]);
  });

  it('lets a number in use sign up', async () => {
    const mobile = uniqueMobile();
    const res = await call(app, 'POST', 'send-otp', { body: { mobile, whatspp_opt: false } });
    expect(res.body).toMatchObject({ status: true, data: { screen: '/verify-otp' } });
  });
});

describe('before the exchange registrations', () => {
  const rules = ruleSetOn('2026-12-04');
  const facts = { sharedMobile: 0, sharedEmail: 0, familyDeclaration: false, panVerified: true, rules };

  it('holds a number revoked since sign-up for review, naming the list and the day', () => {
    expect(preCheckProblem(subject, { ...facts, mnrl: { revoked: true, revokedOn: '2026-11-30' } })).toMatch(
      /^Mobile number is on DoT's Mobile Number Revocation List \(revoked 2026-11-30\): confirm a new number with the client \(BSE notice 20240104-26/,
    );
    expect(preCheckProblem(subject, { ...facts, mnrl: { revoked: false, revokedOn: null } })).toBeNull();
    // under the rules before the MNRL circulars, the list is not consulted
    expect(
      preCheckProblem(subject, { ...facts, rules: ruleSetOn('2023-01-01'), mnrl: { revoked: true, revokedOn: null } }),
    ).toBeNull();
  });
});

describe('the registration workflow', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await testApp({ FOUR_EYES: 'false', REGISTRATIONS_WORKER: 'false', REGISTRATIONS_SANDBOX_DELAY_MS: '0' });
  });
  afterAll(() => app.close());

  it('asks the list before each exchange UCC and holds a revoked number, the depository going on', async () => {
    // 6000000003: revoked on 2026-11-30 in the sandbox list, after a sign-up the fixture stands for
    const account = await approvedApplicant(app, { pan: panWithDigits('7301'), mobile: '6000000003' });
    const { registrations } = app.deps;
    // the depository account first (a UCC waits for its BO id), then each exchange
    for (let round = 0; round < 3; round++) {
      for (const r of await account.registrations())
        if (r.status === 'pending')
          await registrations.step(account.id, r.kind as Parameters<typeof registrations.step>[1]);
    }
    const list = await account.registrations();
    const ucc = list.filter((r) => r.kind.startsWith('ucc_'));
    expect(ucc.length).toBeGreaterThan(0);
    for (const r of ucc) {
      expect(r.status).toBe('on_hold');
      expect(r.last_error).toMatch(
        /^Pre-check: Mobile number is on DoT's Mobile Number Revocation List \(revoked 2026-11-30\)/,
      );
    }
    expect(list.filter((r) => r.kind.startsWith('bo_')).map((r) => r.status)).not.toContain('on_hold');
  });
});

describe('the list file', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'mnrl-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('reads numbers with or without +91 and a date, skipping the header and other lines', () => {
    const numbers = parseMnrl(
      'mobile,revocation_date\n+919876500001,2026-10-02\n919876500002\n9876500003 , 05-11-2026\nnot a number\n',
    );
    expect([...numbers]).toEqual([
      ['9876500001', '2026-10-02'],
      ['9876500002', null],
      ['9876500003', '2026-11-05'],
    ]);
  });

  it('takes up a new download after the reload interval, and keeps the last list while a new one cannot be read', async () => {
    const file = path.join(dir, 'mnrl.csv');
    writeFileSync(file, '9876500001,2026-10-02\n');
    let now = 0;
    const list = new FileRevocationList({ kind: 'file', path: file }, 60_000, () => now);
    expect(await list.check('9876500001')).toEqual({ revoked: true, revokedOn: '2026-10-02' });
    expect((await list.check('9876500009')).revoked).toBe(false);
    writeFileSync(file, '9876500009\n');
    expect((await list.check('9876500009')).revoked).toBe(false);
    now = 60_000;
    expect((await list.check('9876500009')).revoked).toBe(true);
    expect((await list.check('9876500001')).revoked).toBe(false);
    rmSync(file);
    now = 120_000;
    expect((await list.check('9876500009')).revoked).toBe(true);
  });

  it('is an outage, not an empty list, when no list was ever read', async () => {
    const list = new FileRevocationList({ kind: 'file', path: path.join(dir, 'missing.csv') }, 60_000);
    await expect(list.check('9876500001')).rejects.toThrow('The MNRL could not be read');
  });
});
