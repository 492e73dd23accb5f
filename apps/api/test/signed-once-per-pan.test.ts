/**
 * One signed application per PAN. Two applicants (two mobiles) may validate the same PAN before
 * either signs; once the first signs, the second is refused at the e-sign's consent with the
 * message that says what happened and what to do, and an answer from the signing service it
 * obtained before is refused by the database's key (signed_pans). The key, and the approval's
 * check, are also tested on their own.
 */
import { MSG } from '@ekyc/contracts/messages';
import { STAGE } from '@ekyc/contracts/stages';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { AppError } from '../src/lib/errors.ts';
import {
  assertSoleSignedApplication,
  isSignedPanTaken,
  isSigned,
  panHashOf,
  signedRepository,
} from '../src/records/signed.ts';
import {
  answerFromEsp,
  applicantAt,
  applicantWithPan,
  freshPan,
  initiate,
  PAN_DOB,
  PAN_NAME,
  postAnswer,
  sign,
  toEsign,
} from './support/signing.ts';
import { acknowledgedDocuments, bearer, call, reviewerToken, testApp } from './support/test-app.ts';

let app: FastifyInstance;
beforeAll(async () => {
  app = await testApp();
}, 120_000);
afterAll(() => app.close());

it(
  'refuses the second applicant at the e-sign consent once the first signed the PAN both validated, and its earlier answer at completion',
  { timeout: 120_000 },
  async () => {
    const pan = freshPan();
    const first = await applicantWithPan(app, pan);
    // not yet signed by anyone: the second may go on with the same PAN
    const second = await applicantWithPan(app, pan);
    await toEsign(app, first.id);
    await toEsign(app, second.id);
    // the second has the signing service's answer in hand before the first signs
    const earlierAnswer = await answerFromEsp(app, second);

    await sign(app, first);
    expect(await isSigned(app.deps, first.id)).toBe(true);

    const consent = await call(app, 'GET', 'esign-consent', {
      token: second.token,
      query: { epro_id: await initiate(app, second.token), documents: await acknowledgedDocuments(app) },
    });
    expect(consent.statusCode).toBe(200);
    expect(consent.body).toMatchObject({
      status: false,
      message: MSG.panInUse,
      code: 'panInUse',
      data: { screen: '/e-sign' },
    });

    // the answer obtained before the first signed: the key refuses it, and the second stays unsigned
    const page = await postAnswer(app, earlierAnswer);
    expect(page).toContain(MSG.panInUse);
    expect(page).not.toContain('Document signed');
    expect(await isSigned(app.deps, second.id)).toBe(false);
    expect(await app.deps.records.currentStage(second.id)).toBe(STAGE.ESIGN);
    expect(await signedRepository.ownerOf(app.deps.database.db, panHashOf(app.deps, pan))).toBe(first.id);

    // the signed application's trail records the attempts for the reviewer
    const staff = await reviewerToken(app, 'signed.once@broker.example');
    const trail = await app.inject({
      url: `/api/v1/backoffice/applications/${first.id}/audit`,
      headers: bearer(staff),
    });
    expect(trail.body).toContain('pan.reuse_refused');
  },
);

it('refuses a second applicant signing the same PAN at the database key, and lets a re-signing move its own claim', async () => {
  const db = app.deps.database.db;
  const a = await applicantAt(app, STAGE.ESIGN);
  const b = await applicantAt(app, STAGE.ESIGN);
  const pan = panHashOf(app.deps, freshPan());
  const other = panHashOf(app.deps, freshPan());

  await signedRepository.claimPan(db, a.id, pan, new Date());
  const refused = await signedRepository.claimPan(db, b.id, pan, new Date()).catch((err: unknown) => err);
  expect(isSignedPanTaken(refused)).toBe(true);
  expect(await signedRepository.ownerOf(db, pan)).toBe(a.id);

  await expect(signedRepository.claimPan(db, a.id, pan, new Date())).resolves.toBeUndefined();
  await signedRepository.claimPan(db, a.id, other, new Date());
  expect(await signedRepository.ownerOf(db, other)).toBe(a.id);
  expect(await signedRepository.ownerOf(db, pan)).toBeUndefined();
});

it('lets the approval refuse an application whose PAN another applicant signed', async () => {
  const pan = freshPan();
  const panObj = { pan_number: pan, full_name: PAN_NAME, name_on_card: PAN_NAME, dob: PAN_DOB, is_kra: false };
  const holder = await applicantAt(app, STAGE.STATUS, { pan_obj: panObj });
  const other = await applicantAt(app, STAGE.STATUS, { pan_obj: panObj });
  await signedRepository.claimPan(app.deps.database.db, holder.id, panHashOf(app.deps, pan), new Date());

  await expect(assertSoleSignedApplication(app.deps.database.db, app.deps, holder.id)).resolves.toBeUndefined();
  const refused = await assertSoleSignedApplication(app.deps.database.db, app.deps, other.id).catch((e: unknown) => e);
  expect(refused).toBeInstanceOf(AppError);
  expect(refused).toMatchObject({ code: 'CONFLICT', data: { other_application: holder.id } });
});
