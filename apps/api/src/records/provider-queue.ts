/**
 * The queue for a service whose every provider has spent its day's budget or is over its rate
 * (PROVIDER_LIMITS): the applicant's request is not refused, it waits its turn. The answer is a
 * 503 with code `providerQueue`, the applicant's place (`queue_position`) and when to ask again
 * (`retry_after`); the page shows "You are number N in the queue" and asks again by itself. The
 * first in the queue is the one whose request is tried when it asks; those behind it wait without
 * spending a call. A place not asked about for PROVIDER_QUEUE_KEEP_SECONDS is given up (the
 * applicant left), so nobody waits behind an abandoned page.
 */
import type { Tx } from '../db/client.ts';
import { AppError } from '../lib/errors.ts';
import { isOverBudget } from '../providers/failover.ts';
import { providerQueueRepository as repo } from './provider-queue.repository.ts';

export interface ProviderQueueSettings {
  /** Seconds the page waits before it asks again. */
  retrySeconds: number;
  /** Seconds a place is kept without being asked about. */
  keepSeconds: number;
}

/** The services whose requests wait in a queue when over budget. */
export type QueuedService = 'pan_validation' | 'bank_verification' | 'esign' | 'digilocker' | 'liveness';

/** The 503 the applicant's page reads as "You are number N in the queue". */
export const queued = (position: number, settings: ProviderQueueSettings) =>
  new AppError('UNAVAILABLE', 'providerQueue', { queue_position: position, retry_after: settings.retrySeconds });

let observer: (service: QueuedService) => void = () => undefined;
/** Metrics count each answer that tells an applicant to wait in the queue. */
export const observeProviderQueue = (fn: (service: QueuedService) => void) => {
  observer = fn;
};

/**
 * Runs `attempt` when it is the applicant's turn (nobody waiting ahead). When every provider is
 * over budget, or someone is ahead, it throws the `providerQueue` answer with the applicant's place.
 * Other failures pass through, and give the place up.
 */
export async function inTurn<T>(
  db: Tx,
  settings: ProviderQueueSettings,
  service: QueuedService,
  applicantId: string,
  attempt: () => Promise<T>,
): Promise<T> {
  const keep = settings.keepSeconds;
  const { place, length } = await repo.placeOrLength(db, service, applicantId, keep);
  const ahead = place === null ? length : place - 1;
  if (ahead > 0) {
    if (place === null) await repo.join(db, service, applicantId);
    observer(service);
    throw queued(ahead + 1, settings);
  }
  try {
    const value = await attempt();
    if (place !== null) await repo.leave(db, service, applicantId, keep);
    return value;
  } catch (err) {
    if (!isOverBudget(err)) {
      if (place !== null) await repo.leave(db, service, applicantId, keep);
      throw err;
    }
    await repo.join(db, service, applicantId);
    observer(service);
    throw queued((await repo.placeOf(db, service, applicantId, keep)) ?? 1, settings);
  }
}
