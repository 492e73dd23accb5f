/**
 * One PAN, one account: a PAN whose application was e-signed under one mobile is refused under
 * another, with a message that says what happened and what to do. Before the first application
 * is signed a second is allowed, and the back office shows both as sharing the PAN (and any
 * shared email).
 */
import { randomInt } from 'node:crypto';
import type { SharedIdentifier } from '@ekyc/contracts/calls/backoffice-application';
import { MSG } from '@ekyc/contracts/messages';
import { STAGE, STAGE_ORDER } from '@ekyc/contracts/stages';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { searchIndexRepository } from '../src/modules/backoffice/search-index.repository.ts';
import { panRepository } from '../src/modules/pan/pan.repository.ts';
import { ordinaryPanDigits } from './support/journey-applicant.ts';
import { bearer, call, reviewerToken, testApp, uniqueMobile } from './support/test-app.ts';

let app: FastifyInstance;
let staffToken: string;

beforeAll(async () => {
  app = await testApp();
  staffToken = await reviewerToken(app, 'pan.reuse@broker.example');
}, 120_000);
afterAll(() => app.close());

/**
 * A valid individual PAN of its own for each test, random enough not to meet another file's on a
 * shared database (digits clear of the sandbox's special values).
 */
function freshPan(): string {
  const letters = 'ABCDEFGHJKLMNRSTUVWXYZ';
  const pick = () => letters[randomInt(letters.length)]!;
  return `${pick()}${pick()}${pick()}P${pick()}${ordinaryPanDigits(1000 + randomInt(5000))}${pick()}`;
}

const NAME = 'KAVYA RAO';
const DOB = '11/07/1992';

async function applicantAt(stage: number, sections: Record<string, object> = {}) {
  const mobile = uniqueMobile();
  const res = await app.inject({
    method: 'POST',
    url: '/sandbox/fixtures/applicant',
    payload: { mobile, stage, sections },
  });
  const data = (res.json() as { data: { token: string; applicant_id: string } }).data;
  return { mobile, token: data.token, id: data.applicant_id };
}

const panObj = (pan: string) => ({ full_name: NAME, name_on_card: NAME, pan_number: pan, dob: DOB, is_kra: false });

const validate = (token: string, pan: string) =>
  call<{ screen: string }>(app, 'POST', 'pan-validation', {
    token,
    query: { is_ocr: 'false' },
    body: { pan, pan_name: NAME, date_of_birth: DOB },
  });

async function sharedOf(id: string): Promise<SharedIdentifier[]> {
  const res = await app.inject({ url: `/api/v1/backoffice/applications/${id}`, headers: bearer(staffToken) });
  return (res.json() as { data: { shared: SharedIdentifier[] } }).data.shared;
}

it('refuses a PAN already e-signed under another mobile, and keeps the second applicant where they were', async () => {
  const pan = freshPan();
  const signed = await applicantAt(220, { pan_obj: panObj(pan) });
  const second = await applicantAt(130);

  const res = await validate(second.token, pan);
  expect(res.statusCode).toBe(200);
  expect(res.body).toMatchObject({ status: false, message: MSG.panInUse, data: { screen: '/pan-verification' } });
  expect(MSG.panInUse).toMatch(/sign in with the mobile number/);

  const details = await call<
    [{ pan_obj: { is_object: boolean }; kyc_status_obj: [{ kyc_list: { stage: number }[] }] }]
  >(app, 'GET', 'get-user-details', { token: second.token });
  expect(details.body.data[0].pan_obj.is_object).toBe(false);
  expect(details.body.data[0].kyc_status_obj[0].kyc_list.at(-1)?.stage).toBe(130);

  // the signed application's trail records the attempt for the reviewer
  const trail = await app.inject({
    url: `/api/v1/backoffice/applications/${signed.id}/audit`,
    headers: bearer(staffToken),
  });
  expect(trail.body).toContain('pan.reuse_refused');
});

it('refuses a PAN validated through pan-validation once that application is e-signed', async () => {
  const pan = freshPan();
  const first = await applicantAt(130);
  expect((await validate(first.token, pan)).body.status).toBe(true);
  const second = await applicantAt(130);
  // not yet signed: both may go on
  expect((await validate(second.token, pan)).body.status).toBe(true);
  for (const stage of STAGE_ORDER.filter((s) => s >= STAGE.DIGILOCKER && s < STAGE.STATUS))
    await app.deps.records.completeStage(first.id, stage);
  const third = await applicantAt(130);
  expect((await validate(third.token, pan)).body).toMatchObject({ status: false, message: MSG.panInUse });
});

it('allows a PAN whose first application is unsigned, and shows the back office both applications sharing it', async () => {
  const pan = freshPan();
  const first = await applicantAt(150, { pan_obj: panObj(pan) });
  const second = await applicantAt(130);
  expect((await validate(second.token, pan)).body).toMatchObject({ status: true });

  const shared = await sharedOf(second.id);
  expect(shared.find((s) => s.kind === 'pan')?.applications.map((a) => a.id)).toEqual([first.id]);
  const back = await sharedOf(first.id);
  const pans = back.find((s) => s.kind === 'pan');
  expect(pans?.applications).toEqual([
    expect.objectContaining({ id: second.id, mobile: `${second.mobile.slice(0, 2)}******${second.mobile.slice(-2)}` }),
  ]);
});

it('shows the back office an email shared with another application', async () => {
  const a = await applicantAt(150);
  const b = await applicantAt(150);
  const email = `shared.${Date.now()}@example.com`;
  await app.deps.records.update(a.id, { email });
  await app.deps.records.update(b.id, { email });
  const shared = await sharedOf(a.id);
  expect(shared).toEqual([expect.objectContaining({ kind: 'email' })]);
  expect(shared[0]!.applications.map((x) => x.id)).toEqual([b.id]);
  const lonely = await applicantAt(150);
  expect(await sharedOf(lonely.id)).toEqual([]);
});

it('indexes nothing for an applicant erased after its PAN was read, instead of failing the validation that indexes it', async () => {
  const erased = '00000000-0000-4000-8000-000000000000';
  await expect(
    panRepository.putHolder(app.deps.database.db, erased, 'pan-hash', new Date().toISOString()),
  ).resolves.toBeUndefined();
  const pan = freshPan();
  const applicant = await applicantAt(130);
  expect((await validate(applicant.token, pan)).body.status).toBe(true);
});

it('still shows the back office a shared PAN once more than a batch of PAN sections is on record', async () => {
  const pan = freshPan();
  const first = await applicantAt(150, { pan_obj: panObj(pan) });
  // more than the index's batch of 200, each written to the microsecond as a PostgreSQL server
  // keeps it (the embedded database's clock counts whole milliseconds)
  const others: string[] = [];
  for (let i = 0; i < 201; i++) {
    const { applicant } = await app.deps.records.create({
      mobile: uniqueMobile(),
      whatsappOpt: false,
      utm: {},
      source: 'web',
    });
    await app.deps.records.seed(applicant.id, { pan_obj: panObj(freshPan()) });
    others.push(applicant.id);
  }
  await app.deps.database.db.execute(
    sql`update applicant_sections set updated_at = updated_at + interval '123 microseconds'
        where name = 'pan_obj' and applicant_id = any(${`{${others.join(',')}}`}::uuid[])`,
  );
  const second = await applicantAt(150, { pan_obj: panObj(pan) });
  const shared = await sharedOf(second.id);
  expect(shared.find((s) => s.kind === 'pan')?.applications.map((a) => a.id)).toEqual([first.id]);
  // each indexed once: none is left for the next reader to catch up on (other files' may be, on a
  // shared database)
  const left = await searchIndexRepository.panSectionsToIndex(app.deps.database.db, 10_000);
  expect(left.filter((l) => others.includes(l.applicantId))).toEqual([]);
}, 60_000);
