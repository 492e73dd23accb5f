/**
 * Staff passwords: scrypt (node:crypto, no native dependency) with N = 2^15, r = 8, p = 1 and a
 * 16-byte salt per password. The parameters travel with the hash so they can be raised later.
 * The cost is STAFF_PASSWORD_SCRYPT_LOG_N (15 unless NODE_ENV=test lowers it for fast tests).
 */
import { randomBytes, scrypt as scryptCallback, timingSafeEqual, type ScryptOptions } from 'node:crypto';

const LOG_N = 15;
const R = 8;
const P = 1;
const KEY_LENGTH = 32;

function scrypt(password: string, salt: Buffer, logN: number, r: number, p: number): Promise<Buffer> {
  const options: ScryptOptions = { N: 2 ** logN, r, p, maxmem: 256 * 2 ** logN * r };
  return new Promise((resolve, reject) =>
    scryptCallback(password.normalize('NFKC'), salt, KEY_LENGTH, options, (err, key) =>
      err ? reject(err) : resolve(key),
    ),
  );
}

/** `scrypt$<logN>$<r>$<p>$<salt>$<hash>` (base64url parts). */
export async function hashPassword(password: string, logN = LOG_N): Promise<string> {
  const salt = randomBytes(16);
  const key = await scrypt(password, salt, logN, R, P);
  return ['scrypt', logN, R, P, salt.toString('base64url'), key.toString('base64url')].join('$');
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, logN, r, p, salt, hash] = stored.split('$');
  if (scheme !== 'scrypt' || !salt || !hash) return false;
  const expected = Buffer.from(hash, 'base64url');
  const key = await scrypt(password, Buffer.from(salt, 'base64url'), Number(logN), Number(r), Number(p));
  return key.length === expected.length && timingSafeEqual(key, expected);
}

/** A hash to compare against when the email is unknown, so both cases take the same time (one per cost). */
const decoys = new Map<number, Promise<string>>();
export function decoyHash(logN = LOG_N): Promise<string> {
  let decoy = decoys.get(logN);
  if (!decoy) decoys.set(logN, (decoy = hashPassword(randomBytes(16).toString('hex'), logN)));
  return decoy;
}
