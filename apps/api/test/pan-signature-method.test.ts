/**
 * PAN_SIGNATURE chooses how the Protean request is signed: a PKCS#7 (the default) or a plain
 * SHA256withRSA in base64. The sandbox PAN source verifies the configured form and refuses a
 * tampered body with code 19; openssl verifies the plain signature independently.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { X509Certificate } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../src/config.ts';
import { generateSandboxPki } from '../src/documents/signing/sandbox-pki.ts';
import { panSignatureMethod, SANDBOX_PAN_USER_ID, sandboxPanDsc } from '../src/providers/pan/create.ts';
import { type PanSignatureMethod, ProteanPanVerifier } from '../src/providers/pan/protean.ts';
import { runTool } from './support/system-tool.ts';
import { testApp } from './support/test-app.ts';

const input = { pan: 'ABCPS1234K', name: 'RAVI SHARMA', dob: '15/08/1990' };
const SANDBOX_URL = '/sandbox/pan/TIN/PanInquiryAPIBackEnd';

/** openssl's verdict on a plain RSA/SHA-256 signature, with the certificate's public key. */
function opensslVerifyPlain(signature: Buffer, data: string, certPem: string): boolean {
  const dir = mkdtempSync(path.join(tmpdir(), 'pan-sig-'));
  try {
    writeFileSync(
      path.join(dir, 'pub.pem'),
      new X509Certificate(certPem).publicKey.export({ type: 'spki', format: 'pem' }),
    );
    writeFileSync(path.join(dir, 'sig.bin'), signature);
    writeFileSync(path.join(dir, 'data.json'), data);
    const run = runTool('openssl', ['dgst', '-sha256', '-verify', 'pub.pem', '-signature', 'sig.bin', 'data.json'], {
      cwd: dir,
    });
    return run.status === 0 && run.stdout.includes('Verified OK');
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

const apps: FastifyInstance[] = [];
afterAll(async () => {
  await Promise.all(apps.map((a) => a.close()));
});

/** A request as the adapter builds it for the sandbox, signed in the given form. */
function sandboxRequest(app: FastifyInstance, signature: PanSignatureMethod) {
  return new ProteanPanVerifier({
    baseUrl: 'unused',
    userId: SANDBOX_PAN_USER_ID,
    dsc: sandboxPanDsc(app.deps.config),
    signature,
  }).buildRequest(input);
}

const post = async (app: FastifyInstance, body: unknown) =>
  (await app.inject({ method: 'POST', url: SANDBOX_URL, payload: body as object })).json<{ response_Code: string }>();

describe.each(['detached', 'sha256withrsa'] as const)('PAN_SIGNATURE=%s', (method) => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await testApp({ PAN_SIGNATURE: method });
    await app.ready();
    apps.push(app);
  });

  it('the configured verifier is answered by the sandbox: a valid PAN', async () => {
    expect(await app.deps.pan.verify(input)).toMatchObject({ found: true, valid: true, nameMatches: true });
  });

  it('a body changed after signing is refused with code 19', async () => {
    const body = sandboxRequest(app, method);
    expect((await post(app, body)).response_Code).toBe('1');
    const tampered = { ...body, inputData: [{ ...body.inputData[0]!, name: 'RAVl SHARMA' }] };
    expect((await post(app, tampered)).response_Code).toBe('19');
  });

  it('a signature of the other form is refused: the sandbox checks the configured one', async () => {
    const other = method === 'detached' ? 'sha256withrsa' : 'detached';
    expect((await post(app, sandboxRequest(app, other))).response_Code).toBe('19');
  });
});

it('the plain signature is a SHA256withRSA over the inputData JSON that openssl verifies', () => {
  const pki = generateSandboxPki();
  const dsc = { keyPem: pki.asp.keyPem, certPem: pki.asp.certPem };
  const body = new ProteanPanVerifier({
    baseUrl: 'unused',
    userId: 'V0123456',
    dsc,
    signature: 'sha256withrsa',
  }).buildRequest(input);
  const signature = Buffer.from(body.signature, 'base64');
  // a bare RSA signature: as long as the key's modulus, no PKCS#7 wrapping
  const modulusBits = new X509Certificate(dsc.certPem).publicKey.asymmetricKeyDetails?.modulusLength ?? 0;
  expect(modulusBits).toBeGreaterThanOrEqual(2048);
  expect(signature.length).toBe(modulusBits / 8);
  expect(opensslVerifyPlain(signature, JSON.stringify(body.inputData), dsc.certPem)).toBe(true);
  expect(opensslVerifyPlain(signature, JSON.stringify(body.inputData).replace('RAVI', 'RAVl'), dsc.certPem)).toBe(
    false,
  );
});

it('an unknown PAN_SIGNATURE stops the start with a message naming the choices', () => {
  const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: 'memory://', PAN_SIGNATURE: 'pkcs1' });
  expect(() => panSignatureMethod(config)).toThrow(ConfigError);
  expect(() => panSignatureMethod(config)).toThrow('PAN_SIGNATURE must be one of detached, attached, sha256withrsa');
  expect(panSignatureMethod(loadConfig({ NODE_ENV: 'test', DATA_DIR: 'memory://' }))).toBe('detached');
});
