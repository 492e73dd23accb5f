/**
 * The evidence bundle of a finished sandbox application (issue: one evidence bundle per
 * application): one download for the back office with every consent and acknowledgement, each
 * check with its verdict, the rule set, the audit chain, the signed form and each provider call's
 * raw request and answer (secrets redacted). Opened here, every file is checked against the
 * manifest, and the manifest's signature (its own key) and RFC 3161 timestamp are verified by
 * openssl, independently of the code that made them.
 */
import { PRIVACY_NOTICE_VERSION } from '@ekyc/contracts/calls/consents';
import { createHash, createPublicKey } from 'node:crypto';
import { strFromU8, unzipSync } from 'fflate';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { sandboxPki } from '../src/documents/signing/sandbox-pki.ts';
import { runFullJourney } from './support/full-journey.ts';
import { injectClient } from './support/journey-client.ts';
import { journeyAssets } from './support/journey-assets.ts';
import { SANDBOX_DIGILOCKER_CLIENT } from '../src/providers/digilocker/create.ts';
import { opensslVerifySignature, opensslVerifyTimestamp } from './support/openssl-seal.ts';
import { bearer, reviewerToken, testApp } from './support/test-app.ts';

let app: FastifyInstance;
beforeAll(async () => {
  app = await testApp({ SANDBOX_SKIP_HEAVY_CHECKS: 'true' });
}, 180_000);
afterAll(async () => {
  await app.close();
});

it(
  'holds every consent, check, the audit chain, the signed form and the raw provider exchanges, signed and timestamped',
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
    const SEAL = [
      'manifest.json',
      'manifest.json.sig',
      'evidence-signing-key.pub.pem',
      'manifest.json.tsr',
      'tsa-ca.pem',
    ];
    expect(Object.keys(files).sort()).toEqual([...manifest.files.map((f) => f.name), ...SEAL].sort());
    for (const f of manifest.files)
      expect(createHash('sha256').update(files[f.name]!).digest('hex'), f.name).toBe(f.sha256);

    // the seal: the manifest signed by the bundle's own key (not the eSign key), and stamped by the TSA
    const body = Buffer.from(files['manifest.json']!);
    const changed = Buffer.concat([body, Buffer.from(' ')]);
    const publicKey = strFromU8(files['evidence-signing-key.pub.pem']!);
    const signature = files['manifest.json.sig']!;
    expect(opensslVerifySignature(body, signature, publicKey)).toMatchObject({ ok: true });
    expect(opensslVerifySignature(changed, signature, publicKey).ok).toBe(false);
    const aspKey = createPublicKey(sandboxPki(app.deps.config).asp.certPem).export({ type: 'spki', format: 'pem' });
    expect(publicKey).not.toBe(aspKey.toString());
    const tsaCa = strFromU8(files['tsa-ca.pem']!);
    expect(tsaCa.trim()).toBe(sandboxPki(app.deps.config).caCertPem.trim());
    expect(opensslVerifyTimestamp(body, files['manifest.json.tsr']!, tsaCa)).toMatchObject({ ok: true });
    expect(opensslVerifyTimestamp(changed, files['manifest.json.tsr']!, tsaCa).ok).toBe(false);

    // each provider call's raw exchange, secrets redacted
    const index = JSON.parse(strFromU8(files['provider-exchanges/index.json']!)) as {
      exchanges: { file: string; provider: string; operation: string }[];
    };
    expect(new Set(index.exchanges.map((e) => e.provider))).toEqual(
      new Set(['pan', 'kra', 'digilocker', 'liveness', 'bank', 'esign']),
    );
    const raw = Object.entries(files)
      .filter(([name]) => name.startsWith('provider-exchanges/'))
      .map(([, bytes]) => strFromU8(bytes))
      .join('\n');
    expect(raw).toContain('PanInquiryAPIBackEnd');
    expect(raw).toContain('<EsignResp');
    expect(raw).not.toContain(SANDBOX_DIGILOCKER_CLIENT.secret);
    expect(raw).not.toContain('sandbox-key');
    const token = index.exchanges.find((e) => e.operation === 'exchangeCode')!;
    const tokenCall = JSON.parse(strFromU8(files[token.file]!)) as {
      http: { request: { body: string }; response: { body: string } }[];
    };
    expect(tokenCall.http[0]!.request.body).toContain('client_secret=%5Bredacted%5D');
    expect(tokenCall.http[0]!.request.body).toContain('code_verifier=%5Bredacted%5D');
    expect(JSON.parse(tokenCall.http[0]!.response.body)).toMatchObject({ access_token: '[redacted]' });

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
