import type { FunnelQuery } from '@ekyc/contracts/calls/backoffice-funnel';
import { useTranslation } from '../../../i18n/use-translation';
import { useSearchParams } from '../../../lib/router';
import { TextField } from '../../../components/text-field';
import { useFunnel } from '../api/get-funnel';
import { FunnelChart } from '../components/funnel-chart';
import { ReminderReturns } from '../components/reminder-returns';
import { QueryState } from '../components/query-state';
import { SelectField } from '../components/select-field';

const KEYS = ['from', 'to', 'utm_source', 'utm_campaign', 'refcode'] as const;

export default function FunnelPage() {
  const { t } = useTranslation('backoffice');
  const [params, setParams] = useSearchParams();
  const query = Object.fromEntries(KEYS.flatMap((k) => (params.get(k) ? [[k, params.get(k)!]] : []))) as FunnelQuery;
  const funnel = useFunnel(query);
  const set = (key: (typeof KEYS)[number], value: string) => {
    const next = new URLSearchParams(params);
    if (value) next.set(key, value);
    else next.delete(key);
    setParams(next, { replace: true });
  };
  const options = funnel.data?.options;
  const select = (key: 'utm_source' | 'utm_campaign' | 'refcode', label: string) => (
    <SelectField
      label={label}
      className="mb-4"
      value={params.get(key) ?? ''}
      onChange={(e) => set(key, e.target.value)}
    >
      <option value="">{t('funnel.any')}</option>
      {(options?.[key] ?? []).map((v) => (
        <option key={v} value={v}>
          {v}
        </option>
      ))}
    </SelectField>
  );
  return (
    <div className="grid grid-cols-[minmax(0,1fr)] gap-4">
      <h1 className="text-2xl font-bold">{t('funnel.title')}</h1>
      <form
        aria-label={t('queue.filters')}
        onSubmit={(e) => e.preventDefault()}
        className="grid grid-cols-2 gap-x-3 rounded-xl bg-white p-3 shadow-sm md:grid-cols-5"
      >
        <TextField
          label={t('queue.from')}
          type="date"
          value={params.get('from') ?? ''}
          onChange={(e) => set('from', e.target.value)}
        />
        <TextField
          label={t('queue.to')}
          type="date"
          value={params.get('to') ?? ''}
          onChange={(e) => set('to', e.target.value)}
        />
        {select('utm_source', t('queue.utmSource'))}
        {select('utm_campaign', t('funnel.utmCampaign'))}
        {select('refcode', t('funnel.refcode'))}
      </form>
      <QueryState query={funnel}>
        {(data) => (
          <>
            <p className="font-semibold" data-testid="funnel-started">
              {t('funnel.started', { count: data.started })}
            </p>
            <FunnelChart data={data} />
            {data.reminders && <ReminderReturns rows={data.reminders} />}
          </>
        )}
      </QueryState>
    </div>
  );
}
