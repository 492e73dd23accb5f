/** Moves a session into the past at the repository level, as if its owner had left it for days. */
import { eq } from 'drizzle-orm';
import type { AppDeps } from '../../src/app-deps.ts';
import { sessions } from '../../src/db/schema/core.ts';

export async function expireSession(deps: AppDeps, token: string, agoMs = 3 * 24 * 3600_000): Promise<void> {
  const past = new Date(Date.now() - agoMs);
  const rows = await deps.database.db
    .update(sessions)
    .set({ expiresAt: past, lastSeenAt: past, createdAt: past })
    .where(eq(sessions.tokenHash, deps.hasher.hash('token', token)))
    .returning({ id: sessions.id });
  if (rows.length !== 1) throw new Error('no session for that token');
  // The change bypasses the service, so its cache must let go of the session.
  deps.sessions.forget(rows[0]!.id);
}
