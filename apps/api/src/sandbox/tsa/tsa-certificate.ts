/**
 * The sandbox time-stamping authority's own key and certificate: issued by the sandbox certifying
 * authority (so that `openssl ts -verify -CAfile ca.pem` accepts its tokens), with the one
 * extended key usage RFC 3161 asks of a TSA, timeStamping, marked critical. Made once per process
 * (the authority it chains to is kept under DATA_DIR, so earlier tokens still verify).
 */
import { generateKeyPairSync, randomBytes } from 'node:crypto';
import type Forge from 'node-forge';
import { loadForge } from '../../documents/signing/forge.ts';
import type { SandboxPki } from '../../documents/signing/sandbox-pki.ts';

export interface SandboxTsaKeys {
  keyPem: string;
  certPem: string;
}

const made = new WeakMap<SandboxPki, SandboxTsaKeys>();

export function sandboxTsaKeys(pki: SandboxPki): SandboxTsaKeys {
  const known = made.get(pki);
  if (known) return known;
  const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const forge = loadForge();
  const ca = forge.pki.certificateFromPem(pki.caCertPem);
  const cert = forge.pki.createCertificate();
  cert.publicKey = forge.pki.publicKeyFromPem(publicKey.export({ type: 'spki', format: 'pem' }).toString());
  cert.serialNumber = `01${randomBytes(8).toString('hex')}`;
  cert.validity.notBefore = new Date(Date.now() - 24 * 3600 * 1000);
  cert.validity.notAfter = new Date(Date.now() + 5 * 365 * 24 * 3600 * 1000);
  cert.setSubject([
    { shortName: 'C', value: 'IN' },
    { shortName: 'O', value: 'eKYC Sandbox' },
    { shortName: 'CN', value: 'eKYC Sandbox Time-Stamping Authority' },
  ]);
  cert.setIssuer(ca.subject.attributes);
  cert.setExtensions([
    { name: 'basicConstraints', cA: false },
    { name: 'keyUsage', digitalSignature: true, nonRepudiation: true, critical: true },
    { name: 'extKeyUsage', timeStamping: true, critical: true },
    { name: 'subjectKeyIdentifier' },
  ]);
  cert.sign(forge.pki.privateKeyFromPem(pki.caKeyPem) as Forge.pki.rsa.PrivateKey, forge.md.sha256.create());
  const keys = {
    keyPem: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
    certPem: forge.pki.certificateToPem(cert),
  };
  made.set(pki, keys);
  return keys;
}
