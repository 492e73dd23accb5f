/**
 * Sahamati web redirection codec (PROVIDERS.md, account aggregator): `fi` is the base64 FIU id,
 * `reqdate`/`resdate` are UTC `ddmmyyyyhh24misss` (here: hours, minutes, seconds and a tenth),
 * valid for 180 s, and `ecreq`/`ecres` carry `key=value&…` encrypted with the AES-256 key the FIU
 * and the AA share (AES-256-GCM: base64url of iv, ciphertext and tag). Kept in this one place.
 */
import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';

export const REDIRECT_VALIDITY_S = 180;

export function formatRedirectDate(d: Date): string {
  const p = (n: number, w = 2) => String(n).padStart(w, '0');
  return (
    p(d.getUTCDate()) +
    p(d.getUTCMonth() + 1) +
    p(d.getUTCFullYear(), 4) +
    p(d.getUTCHours()) +
    p(d.getUTCMinutes()) +
    p(d.getUTCSeconds()) +
    String(Math.floor(d.getUTCMilliseconds() / 100))
  );
}

export function parseRedirectDate(s: string): Date | null {
  const m = /^(\d{2})(\d{2})(\d{4})(\d{2})(\d{2})(\d{2})(\d)$/.exec(s);
  if (!m) return null;
  const [, dd, mm, yyyy, hh, mi, ss, t] = m.map(Number) as number[];
  const d = new Date(Date.UTC(yyyy!, mm! - 1, dd!, hh!, mi!, ss!, t! * 100));
  return Number.isNaN(d.getTime()) ? null : d;
}

/** True when the stamp is within the validity window of `now` (both ways, for clock skew). */
export function isFresh(stamp: string, now: Date): boolean {
  const d = parseRedirectDate(stamp);
  return d !== null && Math.abs(now.getTime() - d.getTime()) <= REDIRECT_VALIDITY_S * 1000;
}

export function encryptParams(key: Buffer, params: Record<string, string>): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  const body = Buffer.concat([cipher.update(new URLSearchParams(params).toString(), 'utf8'), cipher.final()]);
  return Buffer.concat([iv, body, cipher.getAuthTag()]).toString('base64url');
}

/** The parameters, or null when the value was not encrypted with this key (or was altered). */
export function decryptParams(key: Buffer, value: string): Record<string, string> | null {
  try {
    const raw = Buffer.from(value, 'base64url');
    if (raw.length < 29) return null;
    const decipher = createDecipheriv('aes-256-gcm', key, raw.subarray(0, 12));
    decipher.setAuthTag(raw.subarray(raw.length - 16));
    const text = Buffer.concat([decipher.update(raw.subarray(12, raw.length - 16)), decipher.final()]).toString('utf8');
    return Object.fromEntries(new URLSearchParams(text));
  } catch {
    return null;
  }
}

export const encodeFi = (fiuId: string) => Buffer.from(fiuId, 'utf8').toString('base64');
export const decodeFi = (fi: string) => Buffer.from(fi, 'base64').toString('utf8');

/** The sandbox AA and this FIU share a key derived from the app's secret (sandbox mode only). */
export const sandboxRedirectionKey = (secret: Buffer) =>
  createHash('sha256').update('sandbox-account-aggregator:').update(secret).digest();
