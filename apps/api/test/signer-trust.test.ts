/**
 * An ESP's eSign answer and NeGD's e-Aadhaar are trusted only from the certificate named by its
 * SHA-256 fingerprint or exact subject: another certificate whose common name merely begins with
 * the same words (which any CA of the chain could issue) is refused, as is a prefix setting.
 */
import { X509Certificate } from 'node:crypto';
import forge from 'node-forge';
import { describe, expect, it } from 'vitest';
import { signerTrusted, signerTrustOf } from '../src/documents/signing/signer-trust.ts';
import { loadConfig } from '../src/config.ts';
import { createDigilocker } from '../src/providers/digilocker/create.ts';
import { createEsignGateway } from '../src/providers/esign/create.ts';
import { createSelfFetch } from '../src/providers/http.ts';
import { PRODUCTION_PROVIDER_ENV } from './support/test-app.ts';

function selfSigned(fields: { shortName: string; value: string }[]): X509Certificate {
  const keys = forge.pki.rsa.generateKeyPair(1024);
  const cert = forge.pki.createCertificate();
  cert.publicKey = keys.publicKey;
  cert.serialNumber = '01';
  cert.validity.notBefore = new Date(Date.now() - 60_000);
  cert.validity.notAfter = new Date(Date.now() + 86_400_000);
  cert.setSubject(fields);
  cert.setIssuer(fields);
  cert.sign(keys.privateKey, forge.md.sha256.create());
  return new X509Certificate(forge.pki.certificateToPem(cert));
}

const NEGD = [
  { shortName: 'C', value: 'IN' },
  { shortName: 'O', value: 'National e-Governance Division' },
  { shortName: 'CN', value: 'DS NATIONAL E-GOVERNANCE DIVISION 1' },
];

describe('the trusted signer', () => {
  const genuine = selfSigned(NEGD);
  const lookalike = selfSigned([
    { shortName: 'C', value: 'IN' },
    { shortName: 'O', value: 'Someone Else' },
    { shortName: 'CN', value: 'DS NATIONAL E-GOVERNANCE DIVISION 1 TEST' },
  ]);

  it('is the certificate of the exact subject, written either way', () => {
    const bySubject = signerTrustOf(
      undefined,
      'C=IN, O=National e-Governance Division, CN=DS NATIONAL E-GOVERNANCE DIVISION 1',
    );
    expect(signerTrusted(genuine, bySubject)).toBe(true);
    expect(signerTrusted(genuine, signerTrustOf(undefined, genuine.subject))).toBe(true);
    // a common name beginning with the same words is not the signer
    expect(signerTrusted(lookalike, bySubject)).toBe(false);
  });

  it('is the certificate of the fingerprint, with or without colons', () => {
    expect(signerTrusted(genuine, signerTrustOf(genuine.fingerprint256, undefined))).toBe(true);
    expect(
      signerTrusted(genuine, signerTrustOf(genuine.fingerprint256.replace(/:/g, '').toLowerCase(), undefined)),
    ).toBe(true);
    expect(signerTrusted(lookalike, signerTrustOf(genuine.fingerprint256, undefined))).toBe(false);
  });

  it('is never read from a name prefix: a production start with one is refused', () => {
    const config = (env: Record<string, string>) => loadConfig({ NODE_ENV: 'test', DATA_DIR: 'memory://', ...env });
    const { DIGILOCKER_EAADHAAR_SIGNER_SUBJECT: _s, ...noSigner } = PRODUCTION_PROVIDER_ENV;
    expect(() => createDigilocker(config(noSigner), createSelfFetch())).toThrow(/DIGILOCKER_EAADHAAR_SIGNER_SUBJECT/);
    expect(() =>
      createDigilocker(
        config({ ...PRODUCTION_PROVIDER_ENV, DIGILOCKER_EAADHAAR_SIGNER_NAME: 'DS NATIONAL' }),
        createSelfFetch(),
      ),
    ).toThrow(/DIGILOCKER_EAADHAAR_SIGNER_NAME is no longer read/);
    expect(() =>
      createEsignGateway(config({ ...PRODUCTION_PROVIDER_ENV, ESIGN_ESP_SIGNER_NAME: 'DS Protean' })),
    ).toThrow(/ESIGN_ESP_SIGNER_NAME is no longer read/);
  });
});
