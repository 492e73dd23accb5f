import {
  BSDA_NIL_UP_TO,
  BSDA_REDUCED_CHARGE,
  BSDA_REDUCED_UP_TO,
  CHARGE_GROUPS,
  CHARGE_NOTES,
  CHARGE_SCHEDULE,
  chargeRow,
  GST_RATE_PERCENT,
  MIN_UPFRONT_MARGIN_CASH_BP,
} from '@ekyc/contracts/charges';
import { MARKET_DATA_DELAY_MIN } from '@ekyc/contracts/constants';
import { useEffect } from 'react';
import { useLocation } from '../../../lib/router';
import { ChargeCalculators } from '../components/charge-calculators';
import { describeRule, rupees } from '../components/charge-format';
import { useDocumentTitle } from '../hooks/use-document-title';
import { usePublicTranslation } from '../hooks/use-public-translation';
import { dateLocale } from '../locale';

export default function ChargesPage() {
  const { t, lng } = usePublicTranslation();
  useDocumentTitle(t('charges.title'), t('brand'));
  const { hash } = useLocation();
  useEffect(() => {
    if (hash) document.getElementById(hash.slice(1))?.scrollIntoView();
  }, [hash]);
  const stampDutyDate = new Intl.DateTimeFormat(dateLocale(lng), { dateStyle: 'long', timeZone: 'UTC' }).format(
    new Date(CHARGE_NOTES.stampDutyRemovedOn),
  );
  const amcNormal = chargeRow('amcNormal');
  const regularAmc = amcNormal.rule.type === 'per-years' ? rupees(amcNormal.rule.amount) : '';

  return (
    <article className="space-y-8">
      <header>
        <h1 className="text-3xl font-bold">{t('charges.title')}</h1>
        <p className="mt-2 text-muted">{t('charges.intro')}</p>
      </header>

      {CHARGE_GROUPS.map((group) => (
        <section key={group} aria-labelledby={`group-${group}`}>
          <h2 id={`group-${group}`} className="mb-2 text-xl font-bold">
            {t(`charges.groups.${group}`)}
          </h2>
          <div className="overflow-hidden rounded-xl bg-white shadow-sm">
            <table className="w-full text-left text-sm">
              <thead className="bg-slate-100 text-muted">
                <tr>
                  <th scope="col" className="w-1/2 px-3 py-2 font-semibold">
                    {t('charges.columns.service')}
                  </th>
                  <th scope="col" className="px-3 py-2 font-semibold">
                    {t('charges.columns.charge')}
                  </th>
                </tr>
              </thead>
              <tbody>
                {CHARGE_SCHEDULE.filter((r) => r.group === group).map((row) => (
                  <tr key={row.id} data-charge={row.id} className="border-t border-slate-100 align-top">
                    <th scope="row" className="px-3 py-2 font-normal">
                      {t(`charges.rows.${row.id}`)}
                    </th>
                    <td className="px-3 py-2">{describeRule(row, t)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          {group === 'depository' && <p className="mt-2 text-sm text-muted">{t('charges.perScriptNote')}</p>}
        </section>
      ))}

      <section aria-labelledby="bsda">
        <h2 id="bsda" className="mb-2 text-xl font-bold">
          {t('charges.bsda.title')}
        </h2>
        <p className="mb-2 text-sm text-muted">{t('charges.bsda.intro')}</p>
        <div className="overflow-hidden rounded-xl bg-white shadow-sm">
          <table className="w-full text-left text-sm">
            <thead className="bg-slate-100 text-muted">
              <tr>
                <th scope="col" className="w-1/2 px-3 py-2 font-semibold">
                  {t('charges.bsda.holding')}
                </th>
                <th scope="col" className="px-3 py-2 font-semibold">
                  {t('charges.bsda.charge')}
                </th>
              </tr>
            </thead>
            <tbody>
              <tr className="border-t border-slate-100">
                <th scope="row" className="px-3 py-2 font-normal">
                  {t('charges.bsda.upTo', { amount: rupees(BSDA_NIL_UP_TO) })}
                </th>
                <td className="px-3 py-2">{t('charges.rules.nil')}</td>
              </tr>
              <tr className="border-t border-slate-100">
                <th scope="row" className="px-3 py-2 font-normal">
                  {t('charges.bsda.between', { from: rupees(BSDA_NIL_UP_TO), to: rupees(BSDA_REDUCED_UP_TO) })}
                </th>
                <td className="px-3 py-2">{rupees(BSDA_REDUCED_CHARGE)}</td>
              </tr>
              <tr className="border-t border-slate-100">
                <th scope="row" className="px-3 py-2 font-normal">
                  {t('charges.bsda.above', { amount: rupees(BSDA_REDUCED_UP_TO) })}
                </th>
                <td className="px-3 py-2">{t('charges.bsda.regular', { amount: regularAmc })}</td>
              </tr>
            </tbody>
          </table>
        </div>
      </section>

      <section aria-labelledby="notes">
        <h2 id="notes" className="mb-2 text-xl font-bold">
          {t('charges.notes.title')}
        </h2>
        <ul className="list-disc space-y-1 pl-5 text-sm">
          <li>{t('charges.notes.gst', { rate: GST_RATE_PERCENT })}</li>
          <li>{t('charges.notes.margin', { percent: MIN_UPFRONT_MARGIN_CASH_BP / 100 })}</li>
          <li>{t('charges.notes.revision', { days: CHARGE_NOTES.revisionNoticeDays })}</li>
          <li>{t('charges.notes.stampDuty', { date: stampDutyDate })}</li>
          <li>{t('charges.notes.delayed', { minutes: MARKET_DATA_DELAY_MIN })}</li>
          <li>{t('charges.notes.statutory')}</li>
        </ul>
      </section>

      <section id="calculators" aria-labelledby="calculators-title" className="scroll-mt-4">
        <h2 id="calculators-title" className="mb-3 text-xl font-bold">
          {t('calc.title')}
        </h2>
        <ChargeCalculators />
      </section>
    </article>
  );
}
