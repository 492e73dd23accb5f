import { ESIGN_TIMER_COLOUR_STEPS_S } from '@ekyc/contracts/constants';
import { useTranslation } from '../../../i18n/use-translation';

const [AMBER, ORANGE, RED] = ESIGN_TIMER_COLOUR_STEPS_S;

/** The colour shifts at 20, 15 and 10 seconds left (section 9). */
export function countdownColour(seconds: number): string {
  if (seconds <= RED) return 'text-danger';
  if (seconds <= ORANGE) return 'text-orange-600';
  if (seconds <= AMBER) return 'text-amber-600';
  return 'text-ink';
}

export function Countdown({ seconds }: { seconds: number }) {
  const { t } = useTranslation('esign');
  const mm = String(Math.floor(seconds / 60)).padStart(2, '0');
  const ss = String(seconds % 60).padStart(2, '0');
  return (
    <p className="text-center" aria-live="polite">
      <span className="block text-sm text-muted">{t('timeLeft')}</span>
      <span data-testid="esign-countdown" className={`text-3xl font-bold tabular-nums ${countdownColour(seconds)}`}>
        {mm}:{ss}
      </span>
    </p>
  );
}
