/** The holder-name comparison in words: what the bank returned, the PAN name, and why it is exact, close or a mismatch. */
import type { NameMatch } from '@ekyc/contracts/calls/bank-verification';
import { useTranslation } from '../../../i18n/use-translation';

const TONE: Record<NameMatch['result'], string> = {
  exact: 'border-success bg-green-50 text-success',
  close: 'border-accent bg-amber-50 text-ink',
  mismatch: 'border-danger bg-red-50 text-danger',
};

export function NameMatchCard({ match, panName }: { match: NameMatch; panName: string }) {
  const { t } = useTranslation('bank');
  return (
    <section aria-label={t('nameMatch.title')} className={`mb-4 rounded-lg border-l-4 p-3 ${TONE[match.result]}`}>
      <p className="font-semibold">
        {t('nameMatch.title')}: {t(`nameMatch.result.${match.result}`)}
      </p>
      <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm text-ink">
        <dt className="text-muted">{t('nameMatch.atBank')}</dt>
        <dd className="font-medium break-words">{match.bank_name_on_account || '—'}</dd>
        <dt className="text-muted">{t('nameMatch.onPan')}</dt>
        <dd className="font-medium break-words">{panName || '—'}</dd>
      </dl>
      <p className="mt-2 text-sm text-ink">{t(`nameMatch.reason.${match.reason}`)}</p>
    </section>
  );
}
