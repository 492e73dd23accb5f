/**
 * The evidence bundle's seal: the manifest signed by the bundle's own key (EVIDENCE_SIGNING_KEY,
 * never the eSign key), its public half beside it, and the manifest's SHA-256 stamped by an RFC
 * 3161 time-stamping authority, the TimeStampResp kept as it came, with the TSA's root when known.
 * Each verifies with openssl alone:
 *   openssl dgst -sha256 -verify evidence-signing-key.pub.pem -signature manifest.json.sig manifest.json
 *   openssl ts -verify -data manifest.json -in manifest.json.tsr -CAfile tsa-ca.pem
 */
import { createHash, createPrivateKey, createPublicKey, sign } from 'node:crypto';
import { strToU8 } from 'fflate';
import type { BackofficeDeps } from './deps.ts';
import { AppError } from '../../lib/errors.ts';

type Deps = Pick<BackofficeDeps, 'config' | 'timestamps'>;

export const SEAL_FILES = {
  signature: 'manifest.json.sig',
  publicKey: 'evidence-signing-key.pub.pem',
  timestamp: 'manifest.json.tsr',
  tsaCa: 'tsa-ca.pem',
} as const;

/** What the manifest says of its seal (the files are made after it, so it names them). */
export const sealDescription = (deps: Deps) => ({
  signature: SEAL_FILES.signature,
  signature_algorithm: `${createPrivateKey(deps.config.evidenceSigningKeyPem).asymmetricKeyType === 'ec' ? 'ecdsa' : 'rsa'}-with-sha256`,
  public_key: SEAL_FILES.publicKey,
  timestamp: SEAL_FILES.timestamp,
  timestamp_standard: 'RFC 3161',
  ...(deps.timestamps.caPem && { timestamp_ca: SEAL_FILES.tsaCa }),
});

export async function sealManifest(deps: Deps, manifest: Uint8Array): Promise<Record<string, Uint8Array>> {
  const key = createPrivateKey(deps.config.evidenceSigningKeyPem);
  const signature = sign('sha256', manifest, key);
  const publicPem = createPublicKey(key).export({ type: 'spki', format: 'pem' }).toString();
  let token: Buffer;
  try {
    token = await deps.timestamps.timestamp(createHash('sha256').update(manifest).digest());
  } catch {
    throw new AppError('UNAVAILABLE', 'providerUnavailable');
  }
  return {
    [SEAL_FILES.signature]: new Uint8Array(signature),
    [SEAL_FILES.publicKey]: strToU8(publicPem),
    [SEAL_FILES.timestamp]: new Uint8Array(token),
    ...(deps.timestamps.caPem && { [SEAL_FILES.tsaCa]: strToU8(`${deps.timestamps.caPem.trim()}\n`) }),
  };
}
