/**
 * The sign-up waiting room (a surge: an IPO day): the API asked this new sign-up to wait (503,
 * code waitingRoom, with its retry_after). The page says so once, politely, to a screen reader,
 * shows the estimate counting down, and tries again by itself when it ends (or at once on "Try
 * now"); the number typed stays. The countdown itself is not announced every second. Its texts
 * are a catalogue of their own (waiting-room.json), downloaded only with it.
 */
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from '../../../i18n/use-translation';
import { Button } from '../../../components/button';
import { useMessage } from '../../../lib/use-message';

export interface WaitingRoomProps {
  /** Seconds until the next try (the reply's retry_after). */
  seconds: number;
  /** The how-manieth wait this is: a new one starts the countdown again. */
  attempt: number;
  onRetry: () => void;
}

export function WaitingRoom({ seconds, attempt, onRetry }: WaitingRoomProps) {
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
    <section aria-labelledby="waiting-room-title" className="mt-4 rounded-lg border border-amber-300 bg-amber-50 p-4">
      <h2 id="waiting-room-title" className="text-lg font-semibold">
        {t('title')}
      </h2>
      <p role="status" className="mt-2">
        {msg('waitingRoom')} {t('estimate', { count: seconds })}
      </p>
      <p className="mt-2 font-semibold" aria-hidden="true">
        {t('retryIn', { count: left })}
      </p>
      <progress className="mt-2 w-full" max={seconds} value={seconds - left} aria-label={t('title')} />
      <p className="mt-2 text-sm text-muted">{t('keepOpen')}</p>
      <Button variant="secondary" className="mt-3" onClick={() => retry.current()}>
        {t('tryNow')}
      </Button>
    </section>
  );
}
