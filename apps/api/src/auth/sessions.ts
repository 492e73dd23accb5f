/**
 * Bearer sessions for applicants and staff: a 256-bit random token, stored only as a keyed hash,
 * with idle and absolute expiry per kind, revocable. Revocation tells open sockets to disconnect.
 * Each subject holds at most a configured number of live sessions: signing in once more ends the
 * oldest.
 */
import type { Config } from '../config.ts';
import type { Database } from '../db/client.ts';
import { type Hasher, randomToken } from '../lib/crypto.ts';
import { channels, type Hub } from '../realtime/hub.ts';
import { sessionsRepository as repo, type SessionRow } from './sessions.repository.ts';
import { isUuid } from '../lib/uuid.ts';

/** client: a client whose account is open, in the client area (its calls only). */
export type SessionKind = 'applicant' | 'staff' | 'client';
export interface SessionInfo {
  sessionId: string;
  subjectId: string;
  kind: SessionKind;
}

/** Touching last_seen_at on every request would write on every read; once a minute is enough. */
const TOUCH_EVERY_MS = 60_000;
/**
 * A session read from the database is trusted for this long without reading it again. Revoking
 * drops it at once in this process and, through the hub, in every other one; the lifetime bounds
 * the delay should that message be lost. While the hub is disconnected the cache is not trusted.
 */
const CACHE_MS = 5_000;
const CACHE_MAX = 20_000;

export class Sessions {
  private readonly cache = new Map<string, { row: SessionRow; readAt: number }>();

  constructor(
    private readonly database: Database,
    private readonly hasher: Hasher,
    private readonly hub: Hub,
    private readonly config: Pick<Config, 'session'>,
  ) {
    void hub.subscribe(channels.revokedSessions, (m) => this.forget(String(m.sessionId))).catch(() => undefined);
  }

  /** Drops a session from this process's cache. */
  forget(sessionId: string) {
    for (const [hash, entry] of this.cache) if (entry.row.id === sessionId) this.cache.delete(hash);
  }

  private async read(tokenHash: string, now: number): Promise<SessionRow | undefined> {
    const hit = this.cache.get(tokenHash);
    // While the hub cannot reach the other processes a revocation made there would not arrive:
    // every check reads the database until it can.
    if (hit && now - hit.readAt < CACHE_MS && this.hub.connected()) return hit.row;
    const row = await repo.findByTokenHash(this.database.db, tokenHash);
    if (this.cache.size >= CACHE_MAX) this.cache.delete(this.cache.keys().next().value!);
    if (row && !row.revokedAt) this.cache.set(tokenHash, { row, readAt: now });
    else this.cache.delete(tokenHash);
    return row;
  }

  private async announceRevoked(ids: string[]) {
    ids.forEach((id) => this.forget(id));
    await Promise.all(
      ids.flatMap((id) => [
        this.hub.publish(channels.revokedSessions, { sessionId: id }),
        this.hub.publish(channels.session(id), { disconnect: true }),
      ]),
    );
  }

  async create(kind: SessionKind, subjectId: string): Promise<{ token: string; sessionId: string }> {
    const token = randomToken();
    const lifetime = this.config.session[kind];
    // the new session, and the oldest beyond the subject's allowance ended, in one statement
    const row = await repo.insertKeepingNewest(
      this.database.db,
      {
        kind,
        subjectId,
        tokenHash: this.hasher.hash('token', token),
        expiresAt: new Date(Date.now() + lifetime.absoluteSeconds * 1000),
      },
      lifetime.maxConcurrent,
      new Date(),
    );
    if (row.revoked.length) await this.announceRevoked(row.revoked);
    return { token, sessionId: row.id };
  }

  /** The session behind a token, or null when missing, expired or revoked. */
  async authenticate(token: string | undefined, kind: SessionKind): Promise<SessionInfo | null> {
    if (!token || token.length > 200) return null;
    const now = Date.now();
    const row = await this.read(this.hasher.hash('token', token), now);
    if (!row || row.kind !== kind || row.revokedAt) return null;
    if (!this.live(row, now)) return null;
    if (now - row.lastSeenAt.getTime() > TOUCH_EVERY_MS) {
      await repo.touch(this.database.db, row.id, new Date(now));
      row.lastSeenAt = new Date(now);
    }
    return { sessionId: row.id, subjectId: row.subjectId, kind: row.kind };
  }

  private live(row: SessionRow, now: number): boolean {
    if (row.revokedAt || row.expiresAt.getTime() <= now) return false;
    return row.lastSeenAt.getTime() + this.config.session[row.kind].idleSeconds * 1000 > now;
  }

  /** Whether a session is still live (file links are bound to the session that asked for them). */
  async isLive(sessionId: string): Promise<boolean> {
    return (await this.liveHolder(sessionId)) !== null;
  }

  /** Who holds a live session (a staff member's file download is audited), or null. */
  async liveHolder(sessionId: string): Promise<{ kind: SessionKind; subjectId: string } | null> {
    if (!isUuid(sessionId)) return null;
    const row = await repo.findById(this.database.db, sessionId);
    return row && this.live(row, Date.now()) ? { kind: row.kind, subjectId: row.subjectId } : null;
  }

  /**
   * When the session ends if nothing more is done with it (its absolute expiry, or its idle expiry
   * from the last use), as epoch milliseconds; null when it is no longer live.
   */
  async liveUntil(sessionId: string): Promise<number | null> {
    const row = await repo.findById(this.database.db, sessionId);
    const now = Date.now();
    if (!row || !this.live(row, now)) return null;
    return Math.min(
      row.expiresAt.getTime(),
      row.lastSeenAt.getTime() + this.config.session[row.kind].idleSeconds * 1000,
    );
  }

  async revoke(sessionId: string): Promise<void> {
    await repo.revoke(this.database.db, sessionId);
    await this.announceRevoked([sessionId]);
  }

  async revokeAll(kind: SessionKind, subjectId: string): Promise<void> {
    await this.announceRevoked(await repo.revokeAllOf(this.database.db, kind, subjectId));
  }

  /** Every other session of the subject (after a password change, the one that made it stays). */
  async revokeOthers(kind: SessionKind, subjectId: string, keepSessionId: string): Promise<void> {
    await this.announceRevoked(await repo.revokeAllOf(this.database.db, kind, subjectId, keepSessionId));
  }
}
