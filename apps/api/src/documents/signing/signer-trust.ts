/**
 * Which certificate may sign an answer (an ESP's eSign response, NeGD's e-Aadhaar): one named by
 * its SHA-256 fingerprint, or by its exact subject (every attribute, in order). A common name that
 * merely begins with the expected words is not enough: a CA in the chain may issue a certificate to
 * anyone whose name begins so.
 */
import type { X509Certificate } from 'node:crypto';

export interface SignerTrust {
  /** SHA-256 fingerprints, hex (colons and case do not matter). */
  fingerprints: string[];
  /** Exact subjects, one attribute a line or comma-separated (`C=IN, O=…, CN=…`). */
  subjects: string[];
}

export const fingerprintOf = (hex: string) => hex.replace(/[^0-9a-f]/gi, '').toUpperCase();

/** A subject's attributes one per line, trimmed: `C=IN\nO=X\nCN=Y` and `C=IN, O=X, CN=Y` read alike. */
export const subjectOf = (subject: string) =>
  subject
    .split(/\n|,\s*(?=[A-Za-z][A-Za-z0-9.]*=)/)
    .map((part) => part.trim())
    .filter(Boolean)
    .join('\n');

/** Reads the two settings (comma-separated fingerprints; subjects separated by `;`). */
export function signerTrustOf(fingerprints: string | undefined, subjects: string | undefined): SignerTrust {
  return {
    fingerprints: (fingerprints ?? '').split(',').map(fingerprintOf).filter(Boolean),
    subjects: (subjects ?? '').split(';').map(subjectOf).filter(Boolean),
  };
}

export const signerTrustEmpty = (t: SignerTrust) => t.fingerprints.length === 0 && t.subjects.length === 0;

export function signerTrusted(cert: X509Certificate, t: SignerTrust): boolean {
  return t.fingerprints.includes(fingerprintOf(cert.fingerprint256)) || t.subjects.includes(subjectOf(cert.subject));
}
