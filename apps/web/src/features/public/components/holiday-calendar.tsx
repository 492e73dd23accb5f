/** /pages/holidays: each year of the trading holidays (packages/contracts), as the exchange published it. */
import { TRADING_HOLIDAYS } from '@ekyc/contracts/trading-calendar';
import type { HolidayYear, TradingHolidays } from '../content/content-schemas';
import { usePublicTranslation } from '../hooks/use-public-translation';
import { formatIsoDate, inLanguage } from '../locale';
import { ExternalLink } from './external-link';

const HOLIDAYS: TradingHolidays = TRADING_HOLIDAYS;

export default function HolidayCalendar() {
  const { t } = usePublicTranslation();
  return (
    <div className="mt-6 space-y-8">
      {HOLIDAYS.years.map((year) => (
        <section key={year.year} aria-labelledby={`holidays-${year.year}`} data-year={year.year}>
          <h2 id={`holidays-${year.year}`} className="text-xl font-bold">
            {t('pages.holidays.yearTitle', { year: year.year })}
          </h2>
          {year.status === 'published' ? (
            <PublishedYear year={year} />
          ) : (
            <p className="mt-2 rounded-xl bg-white p-4 shadow-sm">
              {t('pages.holidays.toBePublished', { exchange: year.exchange, year: year.year })}{' '}
              <ExternalLink href={year.source} className="text-brand underline">
                {t('pages.holidays.source', { exchange: year.exchange })}
              </ExternalLink>
            </p>
          )}
        </section>
      ))}
    </div>
  );
}

function PublishedYear({ year }: { year: HolidayYear }) {
  const { t } = usePublicTranslation();
  return (
    <>
      <p className="mt-1 text-muted">
        {t('pages.holidays.published', { exchange: year.exchange, year: year.year })}{' '}
        <ExternalLink href={year.source} className="text-brand underline">
          {t('pages.holidays.source', { exchange: year.exchange })}
        </ExternalLink>
      </p>
      <HolidayTable caption={t('pages.holidays.tradingCaption', { year: year.year })} holidays={year.tradingHolidays} />
      {year.weekendHolidays.length > 0 && (
        <HolidayTable
          caption={t('pages.holidays.weekendCaption', { year: year.year })}
          holidays={year.weekendHolidays}
        />
      )}
    </>
  );
}

function HolidayTable({ caption, holidays }: { caption: string; holidays: HolidayYear['tradingHolidays'] }) {
  const { t, lng } = usePublicTranslation();
  return (
    <div className="mt-3 overflow-hidden rounded-xl bg-white shadow-sm">
      <table className="w-full text-left text-sm">
        <caption className="px-3 pt-3 text-left font-semibold">{caption}</caption>
        <thead className="text-muted">
          <tr>
            <th scope="col" className="px-3 py-2 font-semibold">
              {t('pages.holidays.columns.date')}
            </th>
            <th scope="col" className="px-3 py-2 font-semibold">
              {t('pages.holidays.columns.day')}
            </th>
            <th scope="col" className="px-3 py-2 font-semibold">
              {t('pages.holidays.columns.occasion')}
            </th>
          </tr>
        </thead>
        <tbody>
          {holidays.map((h) => (
            <tr key={h.date} data-date={h.date} className="border-t border-slate-100 align-top">
              <td className="whitespace-nowrap px-3 py-2">{formatIsoDate(lng, h.date)}</td>
              <td className="px-3 py-2">{formatIsoDate(lng, h.date, { weekday: 'long' })}</td>
              <td className="px-3 py-2">
                {inLanguage(h.occasion, lng)}
                {h.note && <span className="mt-0.5 block text-xs text-muted">{inLanguage(h.note, lng)}</span>}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
