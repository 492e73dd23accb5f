/** pan-validation (manual), the contract's PAN test values, the KRA shortcut and the stage moves. */
import { MSG } from '@ekyc/contracts/messages';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, signUpWithEmail } from './support/test-app.ts';
import { testApp } from './support/test-app.ts';

let app: FastifyInstance;
beforeAll(async () => {
  app = await testApp();
});
afterAll(async () => app.close());

const details = async (token: string) =>
  (
    await call<[Record<string, { is_object: boolean } & Record<string, unknown>>]>(app, 'GET', 'get-user-details', {
      token,
    })
  ).body.data[0];
const stageOf = (first: Record<string, unknown>) => {
  const list = (first.kyc_status_obj as { kyc_list: { stage: number }[] }[])[0]!.kyc_list;
  return list.at(-1)!.stage;
};
const validate = (token: string, body: Record<string, unknown>) =>
  call<Record<string, unknown>>(app, 'POST', 'pan-validation', { token, body, query: { is_ocr: 'false' } });

describe('pan-validation field messages (section 5)', () => {
  let token: string;
  beforeAll(async () => {
    ({ token } = await signUpWithEmail(app));
  });
  const base = { pan: 'ABCPK1234F', pan_name: 'Ravi Kumar', date_of_birth: '15/08/1990' };
  const cases: [string, Record<string, unknown>, string][] = [
    ['empty PAN', { ...base, pan: '' }, MSG.panRequired],
    ['malformed PAN', { ...base, pan: 'ABCP1234FF' }, MSG.panInvalid],
    ['company PAN', { ...base, pan: 'ABCCK1234F' }, MSG.panNotIndividual],
    ['empty name', { ...base, pan_name: ' ' }, MSG.panNameRequired],
    ['name with digits', { ...base, pan_name: 'Ravi 2' }, MSG.panNameDigits],
    ['name over 30', { ...base, pan_name: 'A'.repeat(31) }, MSG.nameMax],
    ['empty date of birth', { ...base, date_of_birth: '' }, MSG.dobRequired],
    ['impossible date', { ...base, date_of_birth: '31/02/1990' }, MSG.invalidDate],
    ['future date', { ...base, date_of_birth: '01/01/2999' }, MSG.invalidDate],
    ['under 18', { ...base, date_of_birth: `01/01/${new Date().getFullYear() - 10}` }, MSG.dobAdult],
  ];
  it.each(cases)('%s answers 400 with the exact message', async (_name, body, message) => {
    const res = await validate(token, body);
    expect(res.statusCode).toBe(400);
    expect(res.body.message).toContain(message);
  });

  it('upper-cases and cuts the PAN as typed', async () => {
    const res = await validate(token, { ...base, pan: 'abcpk1234f' });
    expect(res.body.status).toBe(true);
    expect(res.body.data.full_name).toBe('RAVI KUMAR');
  });
});

describe('the contract PAN test values', () => {
  it('0000 is not found at the source and the applicant stays at PAN', async () => {
    const { token } = await signUpWithEmail(app);
    const res = await validate(token, { pan: 'ABCPA0000A', pan_name: 'Asha Rao', date_of_birth: '01/01/1990' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toMatchObject({ status: false, message: MSG.panNotFound, data: { screen: '/pan-verification' } });
    const first = await details(token);
    expect(first.pan_obj!.is_object).toBe(false);
    expect(stageOf(first)).toBe(130);
  });

  it('another valid PAN keeps the name as entered, is not KRA and goes on to DigiLocker (140)', async () => {
    const { token, mobile } = await signUpWithEmail(app);
    const res = await validate(token, { pan: 'BCDPS4321K', pan_name: 'sunita  sharma', date_of_birth: '05/06/1985' });
    expect(res.body).toMatchObject({
      status: true,
      data: { full_name: 'SUNITA SHARMA', pan_missing: false, is_kra: false, screen: '/digilocker' },
    });
    const first = await details(token);
    expect(first.pan_obj).toMatchObject({
      is_object: true,
      name_on_card: 'SUNITA SHARMA',
      full_name: 'SUNITA SHARMA',
      pan_number: 'BCDPS4321K',
      dob: '05/06/1985',
      is_kra: false,
    });
    expect(first.kra_data_obj!.is_object).toBe(false);
    // the income-tax source's PAN-Aadhaar seeding is kept for the depository's PANVrfyFlg
    const applicant = (await app.deps.records.findByMobile(mobile))!;
    expect((await app.deps.records.allSections(applicant.id)).pan_obj).toMatchObject({ aadhaar_seeding: 'Y' });
    expect(stageOf(first)).toBe(140);
    // KRA confirmation is not offered without KRA data.
    const kra = await call(app, 'GET', 'kra-digilocker', { token });
    expect(kra.body).toMatchObject({ status: false, data: { screen: '/digilocker' } });
  });

  it('9999 is KRA-registered with an address, and Confirm moves past DigiLocker to client profiling', async () => {
    const { token } = await signUpWithEmail(app);
    const res = await validate(token, { pan: 'CDEPK9999L', pan_name: 'Kiran Mehta', date_of_birth: '12/12/1980' });
    expect(res.body).toMatchObject({
      status: true,
      data: { full_name: 'KIRAN MEHTA', is_kra: true, screen: '/digilocker' },
    });
    const first = await details(token);
    expect(first.pan_obj).toMatchObject({ is_kra: true });
    expect(first.kra_data_obj).toMatchObject({
      is_object: true,
      kra_status: 'KRA verified',
      kra_status_code: '002',
      kra_agency: 'CVL KRA',
    });
    expect(String(first.kra_data_obj!.kra_address)).toContain('MUMBAI');
    const kra = await call(app, 'GET', 'kra-digilocker', { token });
    expect(kra.body).toMatchObject({ status: true, data: { screen: '/client-profiling' } });
    const after = await details(token);
    expect(stageOf(after)).toBe(150);
    const docs = (after.digilocker_obj as unknown as { cdl_documents: Record<string, string>[] }).cdl_documents;
    expect(docs[0]).toMatchObject({
      document_type: 'KRA',
      name: 'KIRAN MEHTA',
      pincode: '400050',
      state: 'MAHARASHTRA',
    });
  });

  it('refuses PAN validation outside its stage window and names where to go', async () => {
    const { token } = await signUpWithEmail(app);
    await validate(token, { pan: 'CDEPK9999L', pan_name: 'Kiran Mehta', date_of_birth: '12/12/1980' });
    await call(app, 'GET', 'kra-digilocker', { token });
    const res = await validate(token, { pan: 'CDEPK9999L', pan_name: 'Kiran Mehta', date_of_birth: '12/12/1980' });
    expect(res.statusCode).toBe(200);
    expect(res.body.status).toBe(false);
    expect(res.body.data.screen).toBe('/client-profiling');
  });

  it('keeps a confirmed date of birth and skips the age rule once a PAN record exists', async () => {
    const { token } = await signUpWithEmail(app);
    await validate(token, { pan: 'BCDPS4321K', pan_name: 'Sunita Sharma', date_of_birth: '05/06/1985' });
    const changed = await validate(token, {
      pan: 'BCDPS4321K',
      pan_name: 'Sunita Sharma',
      date_of_birth: '06/06/1985',
    });
    expect(changed.body).toMatchObject({ status: false, message: MSG.dobLocked });
  });
});
