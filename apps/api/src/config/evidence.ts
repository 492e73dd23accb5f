/** The evidence bundle's own signing key (never the eSign key): given, or generated outside production. */
import { createPrivateKey, generateKeyPairSync } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { ConfigError, type Mode } from './parse.ts';

export const evidenceEnv = z.object({
  /**
   * The key that signs each evidence bundle's manifest (PEM, PKCS#8; EC P-256 or RSA; `\n` may stand
   * for newlines). Unset: generated once and kept beside the data (DATA_DIR), refused in production.
   */
  EVIDENCE_SIGNING_KEY: z.string().min(1).optional(),
});

let inMemoryKey: string | null = null;

const freshKey = () =>
  generateKeyPairSync('ec', { namedCurve: 'prime256v1' })
    .privateKey.export({ type: 'pkcs8', format: 'pem' })
    .toString();

/** The generated key: per process in memory, else in DATA_DIR/evidence-signing-key.pem. */
function generatedKey(mode: Mode): string {
  if (mode.inMemory) return (inMemoryKey ??= freshKey());
  const file = path.join(mode.dataDir, 'evidence-signing-key.pem');
  if (existsSync(file)) return readFileSync(file, 'utf8');
  mkdirSync(mode.dataDir, { recursive: true });
  const key = freshKey();
  writeFileSync(file, key, { mode: 0o600 });
  return key;
}

/** A production start without the key is refused with the other keys (config.ts). */
export function evidenceSettings(e: z.output<typeof evidenceEnv>, mode: Mode) {
  const pem = e.EVIDENCE_SIGNING_KEY ? e.EVIDENCE_SIGNING_KEY.replace(/\\n/g, '\n').trim() : generatedKey(mode);
  try {
    const type = createPrivateKey(pem).asymmetricKeyType;
    if (type !== 'ec' && type !== 'rsa') throw new Error(type);
  } catch {
    throw new ConfigError('EVIDENCE_SIGNING_KEY must be a PEM private key (EC P-256 or RSA)');
  }
  return {
    /** Signs each evidence bundle's manifest (PEM). */
    evidenceSigningKeyPem: pem,
  };
}
