/**
 * Protean OPV v4 adapter: the request at /TIN/PanInquiryAPIBackEnd with a PKCS#7 signature that
 * OpenSSL verifies against the DSC, the answers in Protean's shape (test/fixtures/providers/protean).
 */
import forge from 'node-forge';
import { expect, it } from 'vitest';
import { generateSandboxPki } from '../src/documents/signing/sandbox-pki.ts';
import { ProviderError } from '../src/providers/http.ts';
import { dscFromPfx, ProteanPanVerifier } from '../src/providers/pan/protean.ts';
import { opensslVerifyCms } from './support/openssl-cms.ts';
import { fixture, replay } from './support/provider-fixtures.ts';

const pki = generateSandboxPki();
const dsc = { keyPem: pki.asp.keyPem, certPem: pki.asp.certPem };
const input = { pan: 'ABCPS1234K', name: 'RAVI SHARMA', dob: '15/08/1990' };
const at = new Date('2026-11-25T10:00:00Z');

it('sends the v4 request, signed with the DSC as PKCS#7 that OpenSSL verifies over inputData', async () => {
  const t = replay(fixture('protean/success.json'));
  const pan = new ProteanPanVerifier({
    baseUrl: 'https://opv.test',
    userId: 'V0123456',
    dsc,
    fetch: t.fetch,
    now: () => at,
  });
  expect(await pan.verify(input)).toEqual({
    found: true,
    status: 'E',
    valid: true,
    nameMatches: true,
    dobMatches: true,
    aadhaarSeeding: 'Y',
  });
  expect(t.calls[0]!.url).toBe('https://opv.test/TIN/PanInquiryAPIBackEnd');
  const body = JSON.parse(t.calls[0]!.body) as Record<string, unknown> & { signature: string };
  expect(body).toMatchObject({
    User_ID: 'V0123456',
    Records_count: '1',
    Request_time: '2026-11-25T15:30:00',
    Transaction_ID: `V0123456:${at.getTime()}`,
    Version: '4',
    inputData: [{ pan: 'ABCPS1234K', name: 'RAVI SHARMA', fathername: '', dob: '15/08/1990' }],
  });
  // openssl, independently of our code: the signature holds over the inputData as sent, and not over a changed one
  const signature = Buffer.from(body.signature, 'base64');
  expect(opensslVerifyCms(signature, JSON.stringify(body.inputData), pki.caCertPem).ok).toBe(true);
  expect(opensslVerifyCms(signature, JSON.stringify(body.inputData).replace('RAVI', 'RAVl'), pki.caCertPem).ok).toBe(
    false,
  );
});

it('a PAN Protean does not know is not found', async () => {
  const pan = new ProteanPanVerifier({
    baseUrl: 'https://opv.test',
    userId: 'V1',
    dsc,
    fetch: replay(fixture('protean/not-found.json')).fetch,
  });
  expect(await pan.verify({ ...input, pan: 'ABCPS0000K' })).toEqual({ found: false });
});

it.each([
  ['protean/signature-missing.json', /code 19 \(signature missing/],
  ['protean/time-skew.json', /code 33 \(Request_time/],
])('%s is a refusal of the request, not "PAN not found"', async (file, message) => {
  const pan = new ProteanPanVerifier({
    baseUrl: 'https://opv.test',
    userId: 'V1',
    dsc,
    fetch: replay(fixture(file)).fetch,
  });
  const err = await pan.verify(input).catch((e: unknown) => e);
  expect(err).toBeInstanceOf(ProviderError);
  expect((err as Error).message).toMatch(message);
});

it('reads the DSC from a PKCS#12 file and its password', () => {
  const key = forge.pki.privateKeyFromPem(dsc.keyPem);
  const cert = forge.pki.certificateFromPem(dsc.certPem);
  const p12 = forge.pkcs12.toPkcs12Asn1(key, [cert, forge.pki.certificateFromPem(pki.caCertPem)], 'secret', {
    algorithm: '3des',
  });
  const pfx = Buffer.from(forge.asn1.toDer(p12).getBytes(), 'binary');
  const read = dscFromPfx(pfx, 'secret');
  expect(forge.pki.certificateFromPem(read.certPem).serialNumber).toBe(cert.serialNumber);
  expect(() => dscFromPfx(pfx, 'wrong')).toThrow();
});
