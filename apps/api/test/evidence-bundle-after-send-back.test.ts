/**
 * The evidence bundle of a signed application whose e-sign a reviewer sent back: preparing a new
 * form does not drop the signed one. The bundle still carries the signed form, and its manifest
 * says the application is signed.
 */
import { STAGE } from '@ekyc/contracts/stages';
import { strFromU8, unzipSync } from 'fflate';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { panWithDigits, signedSections } from './support/registrations.ts';
import { applicantAt, initiate, sign } from './support/signing.ts';
import { bearer, reviewerToken, testApp } from './support/test-app.ts';

let app: FastifyInstance;
beforeAll(async () => {
  app = await testApp();
}, 120_000);
afterAll(() => app.close());

it(
  'keeps the signed form in the bundle after the e-sign is sent back and a new form prepared',
  { timeout: 120_000 },
  async () => {
    const applicant = await applicantAt(app, STAGE.ESIGN, signedSections(panWithDigits('5232')));
    const signedForm = await sign(app, applicant);
    const staff = await reviewerToken(app, 'evidence.send-back@broker.example');
    const decision = await app.inject({
      method: 'POST',
      url: `/api/v1/backoffice/applications/${applicant.id}/decisions`,
      headers: bearer(staff),
      payload: { decisions: [{ stage: STAGE.ESIGN, activity: 'Reject', reason: 'Please sign again' }] },
    });
    expect(decision.json()).toMatchObject({ status: true, data: { status: 'Rejected' } });
    await initiate(app, applicant.token);

    const compliance = await reviewerToken(app, 'evidence.compliance@broker.example', 'compliance');
    const res = await app.inject({
      url: `/api/v1/backoffice/applications/${applicant.id}/evidence-bundle`,
      headers: bearer(compliance),
    });
    expect(res.statusCode).toBe(200);
    const files = unzipSync(new Uint8Array(res.rawPayload));
    const manifest = JSON.parse(strFromU8(files['manifest.json']!)) as { signed: boolean; signed_at: string | null };
    expect(manifest).toMatchObject({ signed: true, signed_at: expect.any(String) });
    const stored = (await app.deps.records.readFile(signedForm))!.bytes;
    expect(Buffer.from(files['signed-account-opening-form.pdf'] ?? []).equals(stored)).toBe(true);
  },
);
