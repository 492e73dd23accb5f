/**
 * A client whose KYC a KRA holds already is modified at the KRA (APP_UPDTFLG 02), never uploaded
 * as new: the KRA refuses a new upload of a PAN it has with ERR-90061 (research §1.1). The
 * modification starts from the KRA's current record (SolicitPANDetailsFetchALLKRA) and sends the
 * application's fields over it, so what the KRA holds and the application does not say is kept.
 * Sandbox PAN digits 9999: KRA-registered, with office and residence telephones. Tests wait for
 * the status, never sleep.
 */
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { codesFor, loadCodeTables } from '../src/providers/registrations/code-tables.ts';
import { SANDBOX_REGISTRATIONS as S } from '../src/providers/registrations/create.ts';
import { kraRecordXml } from '../src/providers/registrations/kra-record.ts';
import { kraFetchXml, readDownloadAnswer } from '../src/providers/registrations/kra-upload.ts';
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

  /** One call of the sandbox KRA's SOAP service, with a fresh session; the answer's inner XML. */
  async function kraCall(operation: string, inputXML: string) {
    const session = await app.inject({
      method: 'POST',
      url: '/sandbox/registrations/kra/PANInquiry.asmx/GetPassword',
      payload: new URLSearchParams({ password: S.kraPassword, PassKey: S.kraPassKey }).toString(),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    const password = /<string[^>]*>([^<]*)<\/string>/.exec(session.body)![1]!;
    const res = await app.inject({
      method: 'POST',
      url: `/sandbox/registrations/kra/PANInquiry.asmx/${operation}`,
      payload: new URLSearchParams({
        inputXML,
        userName: S.kraUser,
        PosCode: S.kraPosCode,
        password,
        PassKey: S.kraPassKey,
      }).toString(),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    return /<string[^>]*>([\s\S]*)<\/string>/
      .exec(res.body)![1]!
      .replace(/&lt;/g, '<')
      .replace(/&gt;/g, '>')
      .replace(/&amp;/g, '&');
  }

  /** The record the sandbox KRA holds for a PAN, read through its download. */
  const kraRecordOf = async (pan: string, dob = subject.dob) =>
    readDownloadAnswer(await kraCall('SolicitPANDetailsFetchALLKRA', kraFetchXml(pan, dob, S.kraPosCode)));

  /** The sandbox KRA's answer to a record, through its own SOAP form. */
  function kraUpload(updateFlag: '01' | '02', pan: string, over?: Parameters<typeof kraRecordXml>[1]['over']) {
    const inputXML = kraRecordXml(
      { ...subject, pan },
      {
        posCode: S.kraPosCode,
        codes: codesFor(loadCodeTables(), 'kra'),
        ipv: { name: 'A', designation: 'B', organisation: 'C' },
        at: new Date(),
        modify: updateFlag === '02',
        over: over ?? null,
      },
    );
    return kraCall('InsertUpdateKYCRecord', inputXML);
  }

  it('the KRA refuses a new upload of a PAN it holds with ERR-90061, and a modification that would blank its record', async () => {
    const pan = panWithDigits('9999');
    expect(await kraUpload('01', pan)).toContain('<APP_STATUS>ERR-90061</APP_STATUS>');
    // built from the application alone, the modification would erase the telephones the KRA holds
    const blind = await kraUpload('02', pan);
    expect(blind).toContain('<APP_STATUS>ERR-90004</APP_STATUS>');
    expect(blind).toMatch(/APP_[A-Z0-9_]+: THE KRA HOLDS A VALUE/);
  });

  it("a modification over the KRA's downloaded record is taken: the changed fields replace the KRA's, the rest is kept", async () => {
    const pan = panWithDigits('9999');
    const held = await kraRecordOf(pan);
    expect(held).toMatchObject({ APP_NAME: 'KRA REGISTERED HOLDER', APP_RES_NO: '26435678', APP_OFF_NO: '26401234' });
    expect(await kraUpload('02', pan, held)).toContain('<APP_STATUS>ERR-00000</APP_STATUS>');
    expect(await kraRecordOf(pan)).toMatchObject({
      APP_NAME: subject.name,
      APP_COR_PINCD: subject.address.pincode,
      APP_RES_NO: '26435678',
      APP_OFF_NO: '26401234',
      APP_DOB_INCORP: subject.dob,
    });
    // the KRA answers its record to the date of birth it holds only
    expect(await kraRecordOf(pan, '01/01/1900')).toBeNull();
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
    // sent over the KRA's record: its telephones kept, the application's name and address in
    expect(await kraRecordOf(pan, base.pan_obj.dob)).toMatchObject({
      APP_RES_NO: '26435678',
      APP_OFF_NO: '26401234',
      APP_NAME: base.pan_obj.full_name,
    });
  }, 60_000);

  it('a PAN another KRA holds, though the PAN step did not say so, is modified too (the KRA status is asked first)', async () => {
    const a = await approvedApplicant(app, { pan: panWithDigits('9999'), reviewer });
    await expect.poll(async () => statusOf(await a.registrations(), 'kra'), WAIT).toBe('accepted');
    expect((await a.registrations()).find((r) => r.kind === 'kra')).toMatchObject({ attempts: 1, last_error: null });
  }, 60_000);
});
