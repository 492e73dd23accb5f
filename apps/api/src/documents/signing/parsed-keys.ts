/**
 * Keys and certificates are configuration (a handful per installation), but signing and
 * verifying run on every e-sign: each PEM is parsed once and the parsed object reused.
 */
import { createPrivateKey, type KeyObject, X509Certificate } from 'node:crypto';
import type Forge from 'node-forge';
import { loadForge } from './forge.ts';

/** `parse` run once per PEM (at most 64 kept: configuration holds a handful). */
export function memo<T>(parse: (pem: string) => T): (pem: string) => T {
  const parsed = new Map<string, T>();
  return (pem) => {
    let value = parsed.get(pem);
    if (value === undefined) {
      if (parsed.size >= 64) parsed.clear();
      parsed.set(pem, (value = parse(pem)));
    }
    return value;
  };
}

export const privateKeyOf: (pem: string) => KeyObject = memo((pem) => createPrivateKey(pem));
export const x509Of: (pem: string) => X509Certificate = memo((pem) => new X509Certificate(pem));
/** node-forge's view of a certificate, for assembling CMS structures. */
export const forgeCertificateOf: (pem: string) => Forge.pki.Certificate = memo((pem) =>
  loadForge().pki.certificateFromPem(pem),
);
