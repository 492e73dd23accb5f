/**
 * A client whose KYC a KRA holds already is modified at the KRA (APP_UPDTFLG 02), never uploaded
 * as new: the KRA refuses a new upload of a PAN it has with ERR-90061 (research §1.1). Sandbox PAN
 * digits 9999: KRA-registered. Tests wait for the status, never sleep.
 */
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { codesFor, loadCodeTables } from '../src/providers/registrations/code-tables.ts';
import { SANDBOX_REGISTRATIONS as S } from '../src/providers/registrations/create.ts';
import { kraRecordXml } from '../src/providers/registrations/kra-upload.ts';
import { subject } from './support/registration-subject.ts';
import { approvedApplicant, panWithDigits, signedSections, statusOf } from './support/registrations.ts';
import { reviewerToken, testApp } from './support/test-app.ts';

const WAIT = { timeout: 45_000, interval: 100 };

describe('KRA: a client the KRA knows already is modified, not uploaded', () => {
  let app: FastifyInstance;
  let reviewer: string;
  beforeAll(async () => {
    app = await testApp({ REGISTRATIONS_SANDBOX_DELAY_MS: '0', REGISTRATIONS_WORKER: 'true' });
    reviewer = await reviewerToken(app, 'registrations.kra-modify@broker.example');
  }, 120_000);
  afterAll(() => app.close());

  /** The sandbox KRA's answer to a record, through its own SOAP form. */
  async function kraUpload(updateFlag: '01' | '02', pan: string) {
    const session = await app.inject({
      method: 'POST',
      url: '/sandbox/registrations/kra/PANInquiry.asmx/GetPassword',
      payload: new URLSearchParams({ password: S.kraPassword, PassKey: S.kraPassKey }).toString(),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    const password = /<string[^>]*>([^<]*)<\/string>/.exec(session.body)![1]!;
    const inputXML = kraRecordXml(
      { ...subject, pan },
      {
        posCode: S.kraPosCode,
        codes: codesFor(loadCodeTables(), 'kra'),
        ipv: { name: 'A', designation: 'B', organisation: 'C' },
        at: new Date(),
        modify: updateFlag === '02',
      },
    );
    const res = await app.inject({
      method: 'POST',
      url: '/sandbox/registrations/kra/PANInquiry.asmx/InsertUpdateKYCRecord',
      payload: new URLSearchParams({
        inputXML,
        userName: S.kraUser,
        PosCode: S.kraPosCode,
        password,
        PassKey: S.kraPassKey,
      }).toString(),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    return res.body.replace(/&lt;/g, '<').replace(/&gt;/g, '>');
  }

  it('the KRA refuses a new upload of a PAN it holds with ERR-90061, and takes the modification', async () => {
    const pan = panWithDigits('9999');
    expect(await kraUpload('01', pan)).toContain('<APP_STATUS>ERR-90061</APP_STATUS>');
    expect(await kraUpload('02', pan)).toContain('<APP_STATUS>ERR-00000</APP_STATUS>');
  });

  it('an applicant found at a KRA at the PAN step is sent as a modification: accepted at the first attempt', async () => {
    const pan = panWithDigits('9999');
    const base = signedSections(pan);
    const a = await approvedApplicant(app, {
      pan,
      reviewer,
      sections: { pan_obj: { ...base.pan_obj, is_kra: true } },
    });
    await expect.poll(async () => statusOf(await a.registrations(), 'kra'), WAIT).toBe('accepted');
    expect((await a.registrations()).find((r) => r.kind === 'kra')).toMatchObject({ attempts: 1, last_error: null });
    await expect.poll(async () => (await a.status()).status, WAIT).toBe('Completed');
  }, 60_000);

  it('a PAN another KRA holds, though the PAN step did not say so, is modified too (the KRA status is asked first)', async () => {
    const a = await approvedApplicant(app, { pan: panWithDigits('9999'), reviewer });
    await expect.poll(async () => statusOf(await a.registrations(), 'kra'), WAIT).toBe('accepted');
    expect((await a.registrations()).find((r) => r.kind === 'kra')).toMatchObject({ attempts: 1, last_error: null });
  }, 60_000);
});
