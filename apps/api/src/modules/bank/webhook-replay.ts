/**
 * A provider notification is taken once and only while fresh: its signed timestamp within
 * WEBHOOK_MAX_AGE_SECONDS of now, and its delivery not seen before (a keyed digest of it is kept a
 * little longer than the window). A replay answers 403, as a bad credential does.
 */
import type { BankDeps } from './deps.ts';
import { AppError } from '../../lib/errors.ts';
import { webhookDeliveriesRepository as repo } from '../../records/webhook-deliveries.repository.ts';

type Deps = Pick<BankDeps, 'database' | 'hasher' | 'config' | 'now'>;

/** Runs `handle` once for a fresh, first delivery; refuses a stale or repeated one. */
export async function onceFresh<T>(
  deps: Deps,
  provider: string,
  delivery: { deliveryId: string; sentAt: number | null },
  handle: () => Promise<T>,
): Promise<T> {
  const now = deps.now();
  const windowMs = deps.config.webhookMaxAgeSeconds * 1000;
  if (delivery.sentAt === null || Math.abs(now - delivery.sentAt) > windowMs)
    throw new AppError('FORBIDDEN', 'Stale notification');
  const hash = deps.hasher.hash('webhook-delivery', `${provider}\n${delivery.deliveryId}`);
  const db = deps.database.db;
  if (!(await repo.firstSeen(db, provider, hash, new Date(now), new Date(now - 2 * windowMs))))
    throw new AppError('FORBIDDEN', 'Notification already received');
  try {
    return await handle();
  } catch (err) {
    await repo.forget(db, provider, hash).catch(() => undefined);
    throw err;
  }
}
