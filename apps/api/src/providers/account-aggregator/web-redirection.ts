/**
 * Sahamati web redirection codec, as Sahamati/aa-redirection-guidelines specifies it
 * (specification/request-specification.md, response-specification.md, encryption.md, samples/java.md):
 * - `reqdate`/`resdate`: `ddmmyyyyhh24misss` in UTC, the last three digits milliseconds
 *   ("06-Apr-2021, 10:40am and 756 milliseconds in IST → 060420210510756"); valid for 180 s;
 * - `fi`: base64 of the FIU id XORed with the date string (`encryptValueToXor(fi, reqdate)`);
 * - `ecreq`/`ecres`: `key=value&…` encrypted with AES/CBC/PKCS5Padding, the key
 *   PBKDF2WithHmacSHA256(passphrase, salt = the date string, 65536 iterations, 256 bits), an IV of
 *   sixteen zero bytes, URL-safe base64 (Java's `getUrlEncoder`, with padding).
 * The passphrase is the 32-character secret the AA shares with the FIU. The sandbox AA has its
 * own reading of the same guidelines (sandbox/account-aggregator/redirection.ts).
 *
 * CBC without a MAC does not prove the text came whole: a changed block decrypts to sixteen bytes
 * of noise, and about one changed final block in 256 still ends in valid padding. So a decrypted
 * list is taken only when all of it is printable ASCII in well-formed `key=value` pairs, each key
 * once, and the reader then checks each value's own form (rebit.ts, readRedirect).
 */
import { createCipheriv, createDecipheriv, pbkdf2Sync } from 'node:crypto';

export const REDIRECT_VALIDITY_S = 180;
const PBKDF2_ITERATIONS = 65_536;
const ZERO_IV = Buffer.alloc(16);

export function formatRedirectDate(d: Date): string {
  const p = (n: number, w = 2) => String(n).padStart(w, '0');
  return (
    p(d.getUTCDate()) +
    p(d.getUTCMonth() + 1) +
    p(d.getUTCFullYear(), 4) +
    p(d.getUTCHours()) +
    p(d.getUTCMinutes()) +
    p(d.getUTCMilliseconds(), 3)
  );
}

/** The instant a stamp names (to the minute, plus its milliseconds), or null. */
export function parseRedirectDate(s: string): Date | null {
  const m = /^(\d{2})(\d{2})(\d{4})(\d{2})(\d{2})(\d{3})$/.exec(s);
  if (!m) return null;
  const [, dd, mm, yyyy, hh, mi, ms] = m.map(Number) as number[];
  const d = new Date(Date.UTC(yyyy!, mm! - 1, dd!, hh!, mi!, 0, ms!));
  return d.getUTCDate() === dd && d.getUTCMonth() === mm! - 1 ? d : null;
}

/**
 * True when the stamp is within the validity window of `now` (both ways, for clock skew). The
 * format carries no seconds, so a stamp may read up to a minute early.
 */
export function isFresh(stamp: string, now: Date): boolean {
  const d = parseRedirectDate(stamp);
  if (!d) return false;
  const age = now.getTime() - d.getTime();
  return age <= (REDIRECT_VALIDITY_S + 60) * 1000 && age >= -REDIRECT_VALIDITY_S * 1000;
}

/** The last key derived: a retried return (the same resdate) costs no second PBKDF2. */
let lastKey: { passphrase: string; date: string; key: Buffer } | null = null;
function keyFor(passphrase: string, date: string): Buffer {
  if (lastKey?.passphrase === passphrase && lastKey.date === date) return lastKey.key;
  const key = pbkdf2Sync(Buffer.from(passphrase, 'utf8'), Buffer.from(date, 'utf8'), PBKDF2_ITERATIONS, 32, 'sha256');
  lastKey = { passphrase, date, key };
  return key;
}

/** URL-safe base64 with padding, as Java's Base64.getUrlEncoder writes it. */
const urlBase64 = (b: Buffer) => b.toString('base64').replace(/\+/g, '-').replace(/\//g, '_');

/**
 * `key=value&…` as the specification writes it: values as they are (`userid=acme@perfios-aa`,
 * `redirect=https://example.com`), URL-encoded only when they hold a character that would break
 * the list (a redirect with its own parameters, as the specification asks).
 */
export function serializeParams(params: Record<string, string>): string {
  return Object.entries(params)
    .map(([k, v]) => `${k}=${/[&=?#%+\s]/.test(v) ? encodeURIComponent(v) : v}`)
    .join('&');
}

const PAIR = /^([A-Za-z][A-Za-z0-9_]*)=([\x20-\x25\x27-\x7e]*)$/;

/** The pairs of a `key=value&…` text, or null when any part of it is not one. */
function parseParams(text: string): Record<string, string> | null {
  if (!/^[\x20-\x7e]+$/.test(text)) return null;
  const out: Record<string, string> = {};
  for (const pair of text.split('&')) {
    const m = PAIR.exec(pair);
    if (!m || Object.hasOwn(out, m[1]!)) return null;
    try {
      out[m[1]!] = decodeURIComponent(m[2]!);
    } catch {
      return null;
    }
  }
  return out;
}

/** `ecreq`/`ecres` for these parameters, with the date string of the same redirect as salt. */
export function encryptParams(passphrase: string, date: string, params: Record<string, string>): string {
  const cipher = createCipheriv('aes-256-cbc', keyFor(passphrase, date), ZERO_IV);
  return urlBase64(Buffer.concat([cipher.update(serializeParams(params), 'utf8'), cipher.final()]));
}

/** The parameters, or null when the value was not encrypted whole with this passphrase and date. */
export function decryptParams(passphrase: string, date: string, value: string): Record<string, string> | null {
  try {
    const raw = Buffer.from(value.replace(/-/g, '+').replace(/_/g, '/'), 'base64');
    if (raw.length === 0 || raw.length % 16 !== 0) return null;
    const decipher = createDecipheriv('aes-256-cbc', keyFor(passphrase, date), ZERO_IV);
    return parseParams(Buffer.concat([decipher.update(raw), decipher.final()]).toString('latin1'));
  } catch {
    return null;
  }
}

const xor = (a: Buffer, key: Buffer) => Buffer.from(a.map((b, i) => b ^ key[i % key.length]!));

/** `fi`: base64(XOR(FIU id, date)). */
export const encodeFi = (fiuId: string, date: string) =>
  xor(Buffer.from(fiuId, 'utf8'), Buffer.from(date, 'utf8')).toString('base64');
export const decodeFi = (fi: string, date: string) =>
  xor(Buffer.from(fi, 'base64'), Buffer.from(date, 'utf8')).toString('utf8');
