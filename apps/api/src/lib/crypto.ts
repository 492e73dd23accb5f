/**
 * Personal data at rest: AES-256-GCM with a key id prefix so keys can rotate; blind indexes
 * (keyed HMAC) for lookups; tokens and OTPs are only ever stored as keyed hashes.
 */
import {
  createCipheriv,
  createDecipheriv,
  createHash,
  createHmac,
  randomBytes,
  randomInt,
  timingSafeEqual,
} from 'node:crypto';

const keyId = (key: Buffer) => createHash('sha256').update(key).digest('hex').slice(0, 8);

/** A sealed value this process cannot open: written under a key it does not hold, or damaged. */
export class UndecryptableError extends Error {}

export class Cipher {
  private readonly current: { id: string; key: Buffer };
  private readonly byId = new Map<string, Buffer>();

  constructor(key: Buffer, oldKeys: Buffer[] = []) {
    this.current = { id: keyId(key), key };
    for (const k of [key, ...oldKeys]) this.byId.set(keyId(k), k);
  }

  encryptBytes(plain: Buffer): Buffer {
    const iv = randomBytes(12);
    const c = createCipheriv('aes-256-gcm', this.current.key, iv);
    const body = Buffer.concat([c.update(plain), c.final()]);
    return Buffer.concat([Buffer.from(this.current.id, 'hex'), iv, c.getAuthTag(), body]);
  }

  decryptBytes(sealed: Buffer): Buffer {
    const id = sealed.subarray(0, 4).toString('hex');
    const key = this.byId.get(id);
    if (!key) throw new UndecryptableError(`no key ${id} to decrypt with`);
    try {
      const d = createDecipheriv('aes-256-gcm', key, sealed.subarray(4, 16));
      d.setAuthTag(sealed.subarray(16, 32));
      return Buffer.concat([d.update(sealed.subarray(32)), d.final()]);
    } catch (err) {
      throw new UndecryptableError((err as Error).message);
    }
  }

  encrypt(plain: string): string {
    return this.encryptBytes(Buffer.from(plain, 'utf8')).toString('base64');
  }

  decrypt(sealed: string): string {
    return this.decryptBytes(Buffer.from(sealed, 'base64')).toString('utf8');
  }

  encryptJson(value: unknown): string {
    return this.encrypt(JSON.stringify(value));
  }

  decryptJson<T>(sealed: string): T {
    return JSON.parse(this.decrypt(sealed)) as T;
  }

  /** True when the value was sealed with an older key and should be re-encrypted. */
  isStale(sealed: string): boolean {
    return Buffer.from(sealed, 'base64').subarray(0, 4).toString('hex') !== this.current.id;
  }
}

export class Hasher {
  constructor(private readonly secret: Buffer) {}

  /** Keyed hash, domain-separated by purpose: a blind index or a stored token/OTP. */
  hash(purpose: string, value: string): string {
    return createHmac('sha256', this.secret).update(purpose).update('\0').update(value).digest('hex');
  }

  equals(a: string, b: string): boolean {
    const x = Buffer.from(a, 'hex');
    const y = Buffer.from(b, 'hex');
    return x.length === y.length && timingSafeEqual(x, y);
  }

  /** A signature over a string, for short-lived signed URLs. */
  sign(value: string): string {
    return createHmac('sha256', this.secret).update('sig\0').update(value).digest('base64url');
  }

  /** Whether `signature` is sign(value), compared in constant time. */
  verify(value: string, signature: string): boolean {
    const expected = Buffer.from(this.sign(value));
    const given = Buffer.from(signature);
    return expected.length === given.length && timingSafeEqual(expected, given);
  }
}

/** 256-bit random token. */
export const randomToken = () => randomBytes(32).toString('base64url');

/** Six digits from a CSPRNG. */
export const randomOtp = () => String(randomInt(0, 1_000_000)).padStart(6, '0');

export const randomId = (bytes = 16) => randomBytes(bytes).toString('hex');
