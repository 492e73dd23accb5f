/**
 * The applicant's place in a provider's queue (every provider of the step over its day's budget):
 * "You are number N in the queue", said to a screen reader as it changes (role="status"), asked
 * again by itself when the wait ends (or at once on "Try now"). Its texts are the waiting room's
 * catalogue (waiting-room.json) and the providerQueue message.
 */
import { type ReactNode, useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from '../i18n/use-translation';
import { useMessage } from '../lib/use-message';
import type { QueuePlace } from '../lib/use-stage-action';
import { Button } from './button';

export interface QueuePositionProps {
  position: number;
  /** Seconds until the page asks again (the reply's retry_after). */
  seconds: number;
  /** The how-manieth answer this is: a new one starts the wait again. */
  attempt: number;
  onRetry: () => void;
}

export function QueuePosition({ position, seconds, attempt, onRetry }: QueuePositionProps) {
  const { t } = useTranslation('waiting-room');
  const msg = useMessage();
  const [left, setLeft] = useState(seconds);
  const retry = useRef(onRetry);
  retry.current = onRetry;

  useEffect(() => {
    setLeft(seconds);
    const tick = setInterval(() => setLeft((s) => Math.max(0, s - 1)), 1000);
    const again = setTimeout(() => retry.current(), seconds * 1000);
    return () => {
      clearInterval(tick);
      clearTimeout(again);
    };
  }, [seconds, attempt]);

  return (
    <section aria-labelledby="queue-position" className="mb-4 rounded-lg border border-amber-300 bg-amber-50 p-4">
      <h2 id="queue-position" role="status" className="text-lg font-semibold" data-testid="queue-position">
        {t('position', { position })}
      </h2>
      <p className="mt-2">{msg('providerQueue')}</p>
      <p className="mt-2 font-semibold" aria-hidden="true">
        {t('retryIn', { count: left })}
      </p>
      <p className="mt-2 text-sm text-muted">{t('keepPlace')}</p>
      <Button variant="secondary" className="mt-3" onClick={() => retry.current()}>
        {t('tryNow')}
      </Button>
    </section>
  );
}

/**
 * A page's place in a provider's queue: `onQueued` takes a providerQueue answer (useStageAction's
 * option of that name) with the call that asks again, `clear` ends the wait on any other answer,
 * and `shown` is the place to render (null when not waiting).
 */
export function useQueuePlace(): {
  shown: ReactNode;
  onQueued: (place: QueuePlace, again: () => void) => void;
  clear: () => void;
} {
  const [queue, setQueue] = useState<(QueuePlace & { attempt: number; again: () => void }) | null>(null);
  const onQueued = useCallback(
    (place: QueuePlace, again: () => void) => setQueue((q) => ({ ...place, again, attempt: (q?.attempt ?? 0) + 1 })),
    [],
  );
  const clear = useCallback(() => setQueue(null), []);
  const shown = queue && (
    <QueuePosition position={queue.position} seconds={queue.seconds} attempt={queue.attempt} onRetry={queue.again} />
  );
  return { shown, onQueued, clear };
}
