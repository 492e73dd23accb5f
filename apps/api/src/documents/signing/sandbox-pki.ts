/**
 * The sandbox's certificate authority: generated at first start and kept under DATA_DIR (in
 * memory for tests). It issues the sandbox e-sign service's signing certificate and the
 * application service provider's (ASP) request-signing certificate, so that a signed form is a
 * real PKCS#7 signature that `openssl cms -verify -CAfile ca.pem` accepts.
 */
import { createPrivateKey, generateKeyPairSync, type KeyObject, randomBytes, sign } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type Forge from 'node-forge';
import { loadForge } from './forge.ts';

export interface KeyAndCert {
  keyPem: string;
  certPem: string;
}

export interface SandboxPki {
  caCertPem: string;
  /** The authority's key: the sandbox ESP issues each signer a certificate in the Aadhaar name. */
  caKeyPem: string;
  /** The sandbox e-sign service (ESP): signs documents and its responses. */
  esp: KeyAndCert;
  /** This application as ASP: signs its eSign requests. */
  asp: KeyAndCert;
  /** The sandbox DigiLocker's stand-in for NeGD: signs e-Aadhaar XML. */
  digilocker: KeyAndCert;
}

const YEARS = 5;

function rsaKeys() {
  const forge = loadForge();
  const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  return {
    keyPem: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
    publicKey: forge.pki.publicKeyFromPem(publicKey.export({ type: 'spki', format: 'pem' }).toString()),
    privateKey,
  };
}

function certificate(options: {
  subject: Forge.pki.CertificateField[];
  issuer: Forge.pki.CertificateField[];
  publicKey: Forge.pki.PublicKey;
  signWith: KeyObject;
  ca: boolean;
}): string {
  const forge = loadForge();
  const cert = forge.pki.createCertificate();
  cert.publicKey = options.publicKey;
  cert.serialNumber = `01${randomBytes(8).toString('hex')}`;
  cert.validity.notBefore = new Date(Date.now() - 24 * 3600 * 1000);
  cert.validity.notAfter = new Date(Date.now() + YEARS * 365 * 24 * 3600 * 1000);
  cert.setSubject(options.subject);
  cert.setIssuer(options.issuer);
  cert.setExtensions(
    options.ca
      ? [
          { name: 'basicConstraints', cA: true, critical: true },
          { name: 'keyUsage', keyCertSign: true, cRLSign: true, critical: true },
          { name: 'subjectKeyIdentifier' },
        ]
      : [
          { name: 'basicConstraints', cA: false },
          { name: 'keyUsage', digitalSignature: true, nonRepudiation: true, critical: true },
          { name: 'extKeyUsage', emailProtection: true, codeSigning: false },
          { name: 'subjectKeyIdentifier' },
        ],
  );
  signNatively(cert, options.signWith);
  return forge.pki.certificateToPem(cert);
}

/**
 * forge's cert.sign(key, sha256), the RSA signature made by Node's crypto instead of forge's
 * JavaScript big numbers (some 40 ms a certificate: the sandbox ESP issues one per signing).
 */
function signNatively(cert: Forge.pki.Certificate, key: KeyObject) {
  const forge = loadForge();
  const signing = cert as Forge.pki.Certificate & { tbsCertificate: Forge.asn1.Asn1; md: Forge.md.MessageDigest };
  cert.signatureOid = cert.siginfo.algorithmOid = forge.pki.oids.sha256WithRSAEncryption!;
  signing.md = forge.md.sha256.create();
  // forge's own step of cert.sign (not in its type declarations)
  const { getTBSCertificate } = forge.pki as unknown as {
    getTBSCertificate: (c: Forge.pki.Certificate) => Forge.asn1.Asn1;
  };
  signing.tbsCertificate = getTBSCertificate(cert);
  const tbs = Buffer.from(forge.asn1.toDer(signing.tbsCertificate).getBytes(), 'binary');
  cert.signature = sign('sha256', tbs, key).toString('binary');
}

const CA_COMMON_NAME = 'eKYC Sandbox Certifying Authority';

const name = (cn: string): Forge.pki.CertificateField[] => [
  { shortName: 'C', value: 'IN' },
  { shortName: 'O', value: 'eKYC Sandbox' },
  { shortName: 'CN', value: cn },
];

export function generateSandboxPki(): SandboxPki {
  const ca = rsaKeys();
  const caName = name(CA_COMMON_NAME);
  const caCertPem = certificate({
    subject: caName,
    issuer: caName,
    publicKey: ca.publicKey,
    signWith: ca.privateKey,
    ca: true,
  });
  const issue = (cn: string): KeyAndCert => {
    const keys = rsaKeys();
    return {
      keyPem: keys.keyPem,
      certPem: certificate({
        subject: name(cn),
        issuer: caName,
        publicKey: keys.publicKey,
        signWith: ca.privateKey,
        ca: false,
      }),
    };
  };
  return {
    caCertPem,
    caKeyPem: ca.keyPem,
    esp: issue('eKYC Sandbox eSign Service'),
    asp: issue('eKYC Sandbox ASP'),
    digilocker: issue('DS eKYC Sandbox DigiLocker'),
  };
}

let memoryPki: SandboxPki | null = null;
const loaded = new Map<string, SandboxPki>();

/**
 * The sandbox PKI of this installation: read from DATA_DIR, or generated on first use and written
 * there (kept in memory for tests, shared by every app of the process).
 */
export function sandboxPki(config: { dataDir: string; inMemory: boolean }): SandboxPki {
  if (config.inMemory) return (memoryPki ??= generateSandboxPki());
  const file = path.resolve(config.dataDir, 'esign-sandbox', 'pki.json');
  const cached = loaded.get(file);
  if (cached) return cached;
  let pki: SandboxPki;
  if (existsSync(file)) {
    pki = JSON.parse(readFileSync(file, 'utf8')) as SandboxPki;
    // an authority written before the sandbox DigiLocker signed its e-Aadhaar, or before the ESP
    // issued signer certificates: issue afresh
    if (!pki.digilocker || !pki.caKeyPem) {
      pki = generateSandboxPki();
      writeFileSync(file, JSON.stringify(pki), { mode: 0o600 });
    }
  } else {
    pki = generateSandboxPki();
    mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 });
    try {
      writeFileSync(file, JSON.stringify(pki), { mode: 0o600, flag: 'wx' });
    } catch (err) {
      // another process on this DATA_DIR generated it first (on its first signing): theirs holds
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
      pki = JSON.parse(readFileSync(file, 'utf8')) as SandboxPki;
    }
  }
  loaded.set(file, pki);
  return pki;
}

/**
 * The signer's certificate as an ESP issues it after the Aadhaar eKYC: the common name is the name
 * UIDAI gave, the key the sandbox ESP's own (one key pair stands for the per-signer keys a real ESP
 * makes, which keeps a signing quick), issued by the sandbox authority.
 */
export function sandboxSignerCertificate(pki: SandboxPki, aadhaarName: string): string {
  const keys = (issuing.get(pki) ?? issuing.set(pki, issuerKeys(pki)).get(pki))!;
  return certificate({ subject: name(aadhaarName.slice(0, 64)), issuer: name(CA_COMMON_NAME), ...keys, ca: false });
}

/** The ESP's public key and the authority's private key, read from their PEM once per PKI. */
const issuing = new WeakMap<SandboxPki, { publicKey: Forge.pki.PublicKey; signWith: KeyObject }>();
const issuerKeys = (pki: SandboxPki) => ({
  publicKey: loadForge().pki.certificateFromPem(pki.esp.certPem).publicKey,
  signWith: createPrivateKey(pki.caKeyPem),
});
