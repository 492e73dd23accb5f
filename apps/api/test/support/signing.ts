/** Applicants at the e-sign stage, and their Aadhaar eSign through the sandbox service, as the popup does it. */
import { randomInt } from 'node:crypto';
import { STAGE, STAGE_ORDER } from '@ekyc/contracts/stages';
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import { postForm, signAtEsp } from './esign-flow.ts';
import { ordinaryPanDigits } from './journey-applicant.ts';
import { signedSections } from './registrations.ts';
import { call, uniqueMobile } from './test-app.ts';

export interface Applicant {
  id: string;
  mobile: string;
  token: string;
}

export const PAN_NAME = 'KAVYA RAO';
export const PAN_DOB = '11/07/1992';

/** A valid individual PAN of its own for each test (digits clear of the sandbox's special values). */
export function freshPan(): string {
  const letters = 'ABCDEFGHJKLMNRSTUVWXYZ';
  const pick = () => letters[randomInt(letters.length)]!;
  return `${pick()}${pick()}${pick()}P${pick()}${ordinaryPanDigits(1000 + randomInt(5000))}${pick()}`;
}

/** A signed-in applicant at `stage` with the sections given (the sandbox fixture). */
export async function applicantAt(
  app: FastifyInstance,
  stage: number,
  sections: Record<string, object> = {},
): Promise<Applicant> {
  const mobile = uniqueMobile();
  const res = await app.inject({
    method: 'POST',
    url: '/sandbox/fixtures/applicant',
    payload: { mobile, stage, sections },
  });
  const data = (res.json() as { data: { token: string; applicant_id: string } }).data;
  return { id: data.applicant_id, mobile, token: data.token };
}

/** An applicant whose PAN the income-tax source confirmed through pan-validation, now at the PAN's next stage. */
export async function applicantWithPan(app: FastifyInstance, pan: string): Promise<Applicant> {
  const applicant = await applicantAt(app, STAGE.PAN);
  const res = await call(app, 'POST', 'pan-validation', {
    token: applicant.token,
    query: { is_ocr: 'false' },
    body: { pan, pan_name: PAN_NAME, date_of_birth: PAN_DOB },
  });
  expect(res.body).toMatchObject({ status: true });
  return applicant;
}

/** Takes an applicant past the steps between PAN and e-sign, with the sections the form is made from. */
export async function toEsign(app: FastifyInstance, applicantId: string): Promise<void> {
  for (const stage of STAGE_ORDER.filter((s) => s > STAGE.PAN && s < STAGE.ESIGN))
    await app.deps.records.completeStage(applicantId, stage);
  const { pan_obj: _pan, ...rest } = signedSections('AAAPA0000A');
  await app.deps.records.seed(applicantId, rest);
  expect(await app.deps.records.currentStage(applicantId)).toBe(STAGE.ESIGN);
}

/** The form prepared for signing (esign-initate): its epro_id. */
export async function initiate(app: FastifyInstance, token: string): Promise<string> {
  const res = await call<{ epro_id: string }>(app, 'GET', 'esign-initate', { token });
  expect(res.body.status).toBe(true);
  return res.body.data.epro_id;
}

/** Consent and the Aadhaar OTP at the sandbox service: the service's answer, not yet posted back. */
export async function answerFromEsp(app: FastifyInstance, applicant: Applicant) {
  const eproId = await initiate(app, applicant.token);
  return (await signAtEsp(app, applicant.token, applicant.mobile, eproId)).response;
}

/** Posts the service's answer to the response URL: the result page the popup shows. */
export async function postAnswer(app: FastifyInstance, answer: { action: string; fields: Record<string, string> }) {
  return (await postForm(app, answer.action, answer.fields)).body;
}

/** Signs the applicant's form end to end; answers the signed form's file id. */
export async function sign(app: FastifyInstance, applicant: Applicant): Promise<string> {
  expect(await postAnswer(app, await answerFromEsp(app, applicant))).toContain('Document signed');
  const esign = await app.deps.records.getSection(applicant.id, 'esign_obj');
  expect(esign?.signed_document?.$file).toBeTruthy();
  return esign!.signed_document!.$file;
}
