/**
 * The evidence bundle of a finished sandbox application (issue: one evidence bundle per
 * application): one download for the back office with every consent and acknowledgement, each
 * check with its verdict, the rule set, the audit chain and the signed form. Opened here, every
 * file is checked against the manifest, and the manifest's seal is verified by openssl against the
 * broker's certificate authority, independently of the code that made it.
 */
import { PRIVACY_NOTICE_VERSION } from '@ekyc/contracts/calls/consents';
import { createHash } from 'node:crypto';
import { strFromU8, unzipSync } from 'fflate';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { sandboxPki } from '../src/documents/signing/sandbox-pki.ts';
import { runFullJourney } from './support/full-journey.ts';
import { injectClient } from './support/journey-client.ts';
import { journeyAssets } from './support/journey-assets.ts';
import { opensslVerifyCms } from './support/openssl-cms.ts';
import { bearer, reviewerToken, testApp } from './support/test-app.ts';

let app: FastifyInstance;
beforeAll(async () => {
  app = await testApp({ SANDBOX_SKIP_HEAVY_CHECKS: 'true' });
}, 180_000);
afterAll(async () => {
  await app.close();
});

it(
  'holds every consent, check, the audit chain and the signed form, sealed by the broker',
  { timeout: 120_000 },
  async () => {
    const journey = await runFullJourney(injectClient(app), { assets: await journeyAssets() });
    expect(journey.stage).toBe(220);
    const id = (await app.deps.records.findByMobile(journey.applicant.mobile))!.id;
    const reviewer = await reviewerToken(app, 'evidence.reviewer@broker.example', 'compliance');

    const res = await app.inject({
      url: `/api/v1/backoffice/applications/${id}/evidence-bundle`,
      headers: bearer(reviewer),
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/zip');
    expect(res.headers['content-disposition']).toBe(`attachment; filename="evidence-${id}.zip"`);
    const files = unzipSync(new Uint8Array(res.rawPayload));

    // every file is listed in the manifest with its hash, and nothing else is in the archive
    const manifest = JSON.parse(strFromU8(files['manifest.json']!)) as {
      application_id: string;
      generated_by: string;
      rule_set: string;
      audit_chain_valid: boolean;
      files: { name: string; size: number; sha256: string }[];
    };
    expect(manifest).toMatchObject({
      application_id: id,
      generated_by: 'evidence.reviewer@broker.example',
      audit_chain_valid: true,
    });
    expect(Object.keys(files).sort()).toEqual(
      [...manifest.files.map((f) => f.name), 'manifest.json', 'manifest.json.p7s'].sort(),
    );
    for (const f of manifest.files)
      expect(createHash('sha256').update(files[f.name]!).digest('hex'), f.name).toBe(f.sha256);

    // the seal: a detached CMS over the manifest by the ASP certificate, verified by openssl
    const ca = sandboxPki(app.deps.config).caCertPem;
    const seal = Buffer.from(files['manifest.json.p7s']!);
    expect(opensslVerifyCms(seal, Buffer.from(files['manifest.json']!), ca)).toEqual({
      ok: true,
      output: 'Verification successful',
    });
    expect(opensslVerifyCms(seal, Buffer.concat([Buffer.from(files['manifest.json']!), Buffer.from(' ')]), ca).ok).toBe(
      false,
    );

    // what an inspection asks for
    const consents = JSON.parse(strFromU8(files['consents.json']!)) as Record<string, unknown>;
    expect(Object.keys(consents)).toEqual(
      expect.arrayContaining(['digilocker_obj', 'segment_obj', '_kyc_capture', 'esign_obj', 'personal_data']),
    );
    // the DPDP consents of sign-up, with the notice version they were given under
    expect(consents.personal_data).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ purpose: 'kyc', granted: true, notice_version: PRIVACY_NOTICE_VERSION }),
      ]),
    );
    const checks = JSON.parse(strFromU8(files['checks.json']!)) as { checks: { key: string; verdict: string }[] };
    expect(checks.checks.length).toBeGreaterThan(3);
    const audit = JSON.parse(strFromU8(files['audit.json']!)) as { chain: { valid: boolean; checked: number } };
    expect(audit.chain.valid).toBe(true);
    expect(audit.chain.checked).toBeGreaterThan(5);
    expect(JSON.parse(strFromU8(files['rule-set.json']!))).toMatchObject({ id: manifest.rule_set });
    const form = files['signed-account-opening-form.pdf']!;
    expect(strFromU8(form.subarray(0, 5))).toBe('%PDF-');
    expect(strFromU8(form, true)).toContain('/ByteRange');

    // the export is itself in the audit trail
    const trail = (
      await app.inject({ url: `/api/v1/backoffice/applications/${id}/audit`, headers: bearer(reviewer) })
    ).json() as {
      data: { entries: { action: string }[] };
    };
    expect(trail.data.entries.at(-1)?.action).toBe('application.evidence_exported');
  },
);
