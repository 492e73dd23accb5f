/**
 * The sandbox providers' state (DigiLocker grants, liveness transactions, e-sign sessions, UPI
 * requests) in the database, so that any API process serves any request of a journey: a load
 * balancer may send the consent page, the token exchange and the documents to three processes.
 * Values are sealed with the encryption key; each change is a compare-and-set on a version.
 */
import type { Database } from '../db/client.ts';
import { type Cipher, type Hasher, randomId } from '../lib/crypto.ts';
import { sandboxStateRepository as repo } from './state.repository.ts';

/** Expired rows are deleted now and then, by whichever process writes. */
const PURGE_EVERY_WRITES = 500;
let writes = 0;

export interface Stored<T> {
  value: T;
  version: number;
}

export class SandboxState<T> {
  constructor(
    private readonly deps: { database: Database; cipher: Cipher },
    private readonly kind: string,
    /** How long a row is kept: at least as long as the provider itself honours it. */
    private readonly keepMs: number,
  ) {}

  /** Stores a value under a new id (or starts an id over), kept `keepMs` (the default for its kind). */
  async put(id: string, value: T, keepMs = this.keepMs): Promise<void> {
    const db = this.deps.database.db;
    if (++writes % PURGE_EVERY_WRITES === 0) await repo.purgeExpired(db, new Date());
    await repo.put(db, {
      kind: this.kind,
      id,
      payloadEnc: this.deps.cipher.encryptJson(value),
      expiresAt: new Date(Date.now() + keepMs),
    });
  }

  async get(id: string): Promise<Stored<T> | null> {
    const row = await repo.find(this.deps.database.db, this.kind, id, new Date());
    return row ? { value: this.deps.cipher.decryptJson<T>(row.payloadEnc), version: row.version } : null;
  }

  /** Writes `next` over `current`; false when another request changed it first. */
  async replace(id: string, current: Stored<T>, next: T): Promise<boolean> {
    return repo.replace(this.deps.database.db, this.kind, id, current.version, this.deps.cipher.encryptJson(next));
  }

  /** Removes and returns a live value: of two requests for one grant, one gets it. */
  async take(id: string): Promise<T | null> {
    const sealed = await repo.take(this.deps.database.db, this.kind, id, new Date());
    return sealed ? this.deps.cipher.decryptJson<T>(sealed) : null;
  }
}

/**
 * Bearer tokens any process can check without storing them: an expiry and a nonce, signed with
 * the shared secret key (the sandbox KRA's and UPI provider's logins).
 */
export function sandboxTokens(hasher: Hasher, purpose: string, ttlMs: number) {
  const signed = (body: string) => `sandbox-token:${purpose}:${body}`;
  return {
    issue(): string {
      const body = `${Date.now() + ttlMs}.${randomId(8)}`;
      return `${body}.${hasher.sign(signed(body))}`;
    },
    valid(token: string): boolean {
      const m = /^(\d{1,15})\.([0-9a-f]{16})\.([\w-]{43})$/.exec(token);
      if (!m || Number(m[1]) < Date.now()) return false;
      return hasher.verify(signed(`${m[1]}.${m[2]}`), m[3]!);
    },
  };
}
