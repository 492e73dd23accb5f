/**
 * The sandbox AA's own reading of Sahamati's web-redirection guidelines (Sahamati/aa-redirection-
 * guidelines), written from the public text and not from the FIU adapter, so that a codec error in
 * either side makes the consent journey fail instead of agreeing with itself:
 * - specification/request-specification.md, lines 19-29 (commit 00684d8): the AA receives `fi`
 *   (the FIU id, Base64/XOR with `reqdate`), `reqdate` ("ddmmyyyyhh24misss in UTC. For example,
 *   06-Apr-2021, 10:40am and 756 milliseconds in IST should be formatted as 060420210510756",
 *   valid 180 seconds) and `ecreq`; lines 53-58: ecreq holds txnid, sessionid, userid, redirect
 *   (URL-encoded when it has parameters of its own), srcref (the consent handle), fipid;
 * - specification/response-specification.md, lines 21-31 (commit 28d048d): the AA answers
 *   `ecres`, `resdate` (same format) and `fi`, "Unique AA identifier ... Base64/XOR along with
 *   resdate"; lines 55-60: ecres holds txnid, sessionid, userid, status S|F, errorcode, srcref
 *   (an array); lines 68-73: errorcode 0 success, 1 rejected, 2 consent not available, 3 invalid
 *   request, 4 authentication failed, 5 pending;
 * - specification/encryption.md: AES 256, the salt is reqdate or resdate, the secret "the 32
 *   character secret passphrase shared by the AA with the FIU";
 * - samples/java.md: the key is PBKDF2WithHmacSHA256(passphrase, salt bytes, 65536 iterations,
 *   256 bits) (line 36), AES/CBC/PKCS5Padding with sixteen zero bytes as IV (lines 25, 30), the
 *   ciphertext in Java's URL-safe Base64 with padding (`getUrlEncoder`, line 41; decoded with
 *   `getUrlDecoder`, line 59); `xor(a, key)` repeats the key (lines 123-129) and
 *   `encryptValueToXor` writes the result in standard Base64 (lines 135-137).
 */
import { createCipheriv, createDecipheriv, pbkdf2Sync } from 'node:crypto';

/** Redirect stamps are good for 180 seconds (request-specification.md, line 24). */
export const STAMP_VALIDITY_MS = 180_000;

/** ddmmyyyy, hh24, mi, then "sss": the three digits the example fills with milliseconds. */
export function stampOf(d: Date): string {
  const two = (n: number) => String(n).padStart(2, '0');
  return [
    two(d.getUTCDate()),
    two(d.getUTCMonth() + 1),
    String(d.getUTCFullYear()),
    two(d.getUTCHours()),
    two(d.getUTCMinutes()),
    String(d.getUTCMilliseconds()).padStart(3, '0'),
  ].join('');
}

/** The instant a stamp names (it has no seconds), or null when it is not a stamp. */
export function instantOf(stamp: string): Date | null {
  const m = /^(\d\d)(\d\d)(\d{4})(\d\d)(\d\d)(\d{3})$/.exec(stamp);
  if (!m) return null;
  const [day, month, year, hour, minute, ms] = m.slice(1).map(Number) as [
    number,
    number,
    number,
    number,
    number,
    number,
  ];
  if (month < 1 || month > 12 || hour > 23 || minute > 59) return null;
  const d = new Date(Date.UTC(year, month - 1, day, hour, minute, 0, ms));
  return d.getUTCDate() === day ? d : null;
}

const xorWith = (data: Buffer, key: Buffer) => {
  const out = Buffer.alloc(data.length);
  for (let i = 0; i < data.length; i++) out[i] = data[i]! ^ key[i % key.length]!;
  return out;
};

/** `encryptValueToXor(value, stamp)`: standard Base64 of the value XORed with the stamp. */
export const xorEncode = (value: string, stamp: string) =>
  xorWith(Buffer.from(value, 'utf8'), Buffer.from(stamp, 'utf8')).toString('base64');

/** `decryptXoredValue(value, stamp)`. */
export const xorDecode = (value: string, stamp: string) =>
  xorWith(Buffer.from(value, 'base64'), Buffer.from(stamp, 'utf8')).toString('utf8');

const derived = new Map<string, Buffer>();
/** PBKDF2 of 65,536 rounds, kept for the stamps of the last few requests (a page shown, then decided). */
function aesKey(passphrase: string, stamp: string): Buffer {
  const id = `${stamp}:${passphrase}`;
  let key = derived.get(id);
  if (!key) {
    key = pbkdf2Sync(Buffer.from(passphrase, 'utf8'), Buffer.from(stamp, 'utf8'), 65_536, 32, 'sha256');
    if (derived.size >= 8) derived.delete(derived.keys().next().value!);
    derived.set(id, key);
  }
  return key;
}
const IV = Buffer.alloc(16, 0);

/**
 * The `key=value&…` list of ecreq, or null when it does not open whole with this passphrase and
 * stamp. CBC carries no MAC: a changed block opens to noise, sometimes behind valid padding, so the
 * list is taken only when every byte is printable ASCII and every pair is a name, `=`, and a value
 * without `&`, each name once.
 */
export function openEcreq(passphrase: string, stamp: string, ecreq: string): Map<string, string> | null {
  // Java's URL decoder: '-' and '_' for '+' and '/', padding kept
  const sealed = Buffer.from(ecreq.replace(/-/g, '+').replace(/_/g, '/'), 'base64');
  if (sealed.length === 0 || sealed.length % 16 !== 0) return null;
  let text: string;
  try {
    const decipher = createDecipheriv('aes-256-cbc', aesKey(passphrase, stamp), IV);
    text = Buffer.concat([decipher.update(sealed), decipher.final()]).toString('latin1');
  } catch {
    return null;
  }
  if (!/^[ -~]+$/.test(text)) return null;
  const params = new Map<string, string>();
  for (const pair of text.split('&')) {
    const at = pair.indexOf('=');
    const name = pair.slice(0, at);
    if (at < 1 || !/^[a-z]+$/i.test(name) || params.has(name)) return null;
    // a redirect with its own parameters arrives URL-encoded (request-specification.md, line 56)
    try {
      params.set(name, decodeURIComponent(pair.slice(at + 1)));
    } catch {
      return null;
    }
  }
  return params;
}

/** ecres for these parameters, in their order; a value that would break the list is URL-encoded. */
export function sealEcres(passphrase: string, stamp: string, params: [string, string][]): string {
  const text = params.map(([k, v]) => `${k}=${/[&=%+?#\s]/.test(v) ? encodeURIComponent(v) : v}`).join('&');
  const cipher = createCipheriv('aes-256-cbc', aesKey(passphrase, stamp), IV);
  return Buffer.concat([cipher.update(text, 'utf8'), cipher.final()])
    .toString('base64')
    .replace(/\+/g, '-')
    .replace(/\//g, '_');
}

/** The return leg's errorcode and status (response-specification.md, lines 68-73). */
export const RETURN_CODES = {
  approved: { status: 'S', errorcode: '0' },
  rejected: { status: 'F', errorcode: '1' },
} as const;
