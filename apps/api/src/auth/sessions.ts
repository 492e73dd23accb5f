/**
 * Bearer sessions for applicants and staff: a 256-bit random token, stored only as a keyed hash,
 * with idle and absolute expiry, revocable. Revocation tells open sockets to disconnect.
 */
import type { Config } from '../config.ts';
import type { Database } from '../db/client.ts';
import { type Hasher, randomToken } from '../lib/crypto.ts';
import { channels, type Hub } from '../realtime/hub.ts';
import { sessionsRepository as repo } from './sessions.repository.ts';

export type SessionKind = 'applicant' | 'staff';
export interface SessionInfo {
  sessionId: string;
  subjectId: string;
  kind: SessionKind;
}

/** Touching last_seen_at on every request would write on every read; once a minute is enough. */
const TOUCH_EVERY_MS = 60_000;

export class Sessions {
  constructor(
    private readonly database: Database,
    private readonly hasher: Hasher,
    private readonly hub: Hub,
    private readonly config: Pick<Config, 'session'>,
  ) {}

  async create(kind: SessionKind, subjectId: string): Promise<{ token: string; sessionId: string }> {
    const token = randomToken();
    const row = await repo.insert(this.database.db, {
      kind,
      subjectId,
      tokenHash: this.hasher.hash('token', token),
      expiresAt: new Date(Date.now() + this.config.session.absoluteSeconds * 1000),
    });
    return { token, sessionId: row.id };
  }

  /** The session behind a token, or null when missing, expired or revoked. */
  async authenticate(token: string | undefined, kind: SessionKind): Promise<SessionInfo | null> {
    if (!token || token.length > 200) return null;
    const row = await repo.findByTokenHash(this.database.db, this.hasher.hash('token', token));
    if (!row || row.kind !== kind || row.revokedAt) return null;
    const now = Date.now();
    if (row.expiresAt.getTime() <= now) return null;
    if (row.lastSeenAt.getTime() + this.config.session.idleSeconds * 1000 <= now) return null;
    if (now - row.lastSeenAt.getTime() > TOUCH_EVERY_MS) await repo.touch(this.database.db, row.id, new Date(now));
    return { sessionId: row.id, subjectId: row.subjectId, kind: row.kind };
  }

  async revoke(sessionId: string): Promise<void> {
    await repo.revoke(this.database.db, sessionId);
    await this.hub.publish(channels.session(sessionId), { disconnect: true });
  }

  async revokeAll(kind: SessionKind, subjectId: string): Promise<void> {
    const ids = await repo.revokeAllOf(this.database.db, kind, subjectId);
    await Promise.all(ids.map((id) => this.hub.publish(channels.session(id), { disconnect: true })));
  }
}
