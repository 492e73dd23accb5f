/**
 * '/bank-and-segment': choose how to link the bank account: UPI (fastest) or manual entry.
 * A UPI icon shows when the bank record already has a vpa_id (section 2). Where the broker has
 * UPI switched off (UPI_ENABLED=false), UPI shows as coming soon and manual entry is chosen.
 */
import { useState } from 'react';
import { useTranslation } from '../../../i18n/use-translation';
import { Button } from '../../../components/button';
import { PageLoader } from '../../../components/spinner';
import { useScreenNavigate } from '../../../lib/navigation';
import { useBankConfig } from '../api/get-bank-config';
import { useBankRecord } from '../hooks/use-bank-record';
import { ROUTE } from '@ekyc/contracts/stages';

type Method = 'upi' | 'manual';

// useStageAction does not fit: a choice between two pages, with no call (docs/architecture.md).
export default function BankMethodPage() {
  const { t } = useTranslation('bank');
  const go = useScreenNavigate();
  const { bank, isLoading, details } = useBankRecord();
  const config = useBankConfig();
  const [chosen, setChosen] = useState<Method | null>(null);
  if (isLoading || !details || config.isLoading) return <PageLoader label={t('common:loading')} />;
  const upi = config.data?.upi_enabled ?? true;
  const method: Method = !upi ? 'manual' : (chosen ?? (bank.vpa_id || !bank.account_number ? 'upi' : 'manual'));

  const options: { value: Method; title: string; text: string; badge?: string; off?: boolean }[] = [
    upi
      ? { value: 'upi', title: t('methodUpi'), text: t('methodUpiText'), badge: t('fastest') }
      : { value: 'upi', title: t('methodUpi'), text: t('methodUpiText'), badge: t('comingSoon'), off: true },
    { value: 'manual', title: t('methodManual'), text: t('methodManualText') },
  ];
  return (
    <div>
      <p className="mb-4 text-muted">{t('methodIntro')}</p>
      {bank.vpa_id && (
        <p className="mb-4 flex items-center gap-2 rounded-lg bg-slate-50 p-3 text-sm">
          <span aria-hidden="true" className="rounded bg-accent px-1.5 py-0.5 text-xs font-bold tracking-wide text-ink">
            UPI
          </span>
          <span>
            {t('upiOnRecord')} <strong className="break-all">{bank.vpa_id}</strong>
          </span>
        </p>
      )}
      <fieldset className="mb-5">
        <legend className="sr-only">{t('methodLegend')}</legend>
        <div className="grid gap-3">
          {options.map((o) => (
            <label
              key={o.value}
              className={`flex items-start gap-3 rounded-xl border p-4 ${
                o.off ? 'cursor-not-allowed opacity-60' : 'cursor-pointer'
              } ${method === o.value ? 'border-brand bg-blue-50' : 'border-slate-500'}`}
            >
              <input
                type="radio"
                name="bank-method"
                value={o.value}
                checked={method === o.value}
                disabled={o.off}
                onChange={() => setChosen(o.value)}
                className="mt-1 h-4 w-4 accent-brand"
              />
              <span>
                <span className="flex items-center gap-2 font-semibold">
                  {o.title}
                  {o.badge && (
                    <span
                      className={`rounded-full px-2 py-0.5 text-xs font-semibold text-white ${o.off ? 'bg-muted' : 'bg-success'}`}
                    >
                      {o.badge}
                    </span>
                  )}
                </span>
                <span className="block text-sm text-muted">{o.text}</span>
              </span>
            </label>
          ))}
        </div>
      </fieldset>
      <Button onClick={() => go(method === 'upi' ? ROUTE.upi : ROUTE.addBank)}>{t('common:next')}</Button>
    </div>
  );
}
