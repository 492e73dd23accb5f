import type { WatchlistQuote } from '@ekyc/contracts/calls/get-watchlist-quotes';
import { Link } from '../../../lib/router';
import { Button } from '../../../components/button';
import { PageLoader } from '../../../components/spinner';
import { useWatchlistQuotes } from '../api/get-watchlist-quotes';
import { useDocumentTitle } from '../hooks/use-document-title';
import { usePublicTranslation } from '../hooks/use-public-translation';
import { dateLocale } from '../locale';

const price = (n: number) =>
  new Intl.NumberFormat('en-IN', { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(n);

function Change({ q }: { q: WatchlistQuote }) {
  const { t } = usePublicTranslation();
  const up = q.change > 0;
  const down = q.change < 0;
  const sign = up ? '+' : '';
  return (
    <span className={up ? 'text-success' : down ? 'text-danger' : 'text-muted'}>
      <span aria-hidden="true">{up ? '▲ ' : down ? '▼ ' : ''}</span>
      <span className="sr-only">{t(up ? 'watchlist.up' : down ? 'watchlist.down' : 'watchlist.unchanged')} </span>
      {sign}
      {price(q.change)} ({sign}
      {price(q.change_percent)}%)
    </span>
  );
}

/** The guest watchlist (section 1): browse without an account; data delayed by 15 minutes. */
export default function WatchlistPage() {
  const { t, lng } = usePublicTranslation();
  useDocumentTitle(t('watchlist.title'), t('brand'));
  const { data, isPending, isError, refetch, isFetching } = useWatchlistQuotes();
  const asOf = data?.as_of
    ? new Intl.DateTimeFormat(dateLocale(lng), {
        dateStyle: 'medium',
        timeStyle: 'short',
        timeZone: 'Asia/Kolkata',
      }).format(new Date(data.as_of))
    : null;

  return (
    <article>
      <h1 className="text-3xl font-bold">{t('watchlist.title')}</h1>
      <p className="mt-2 text-muted">{t('watchlist.intro')}</p>
      <p
        role="note"
        data-testid="delay-notice"
        className="mt-4 rounded-lg border border-accent bg-amber-50 px-3 py-2 text-sm font-semibold"
      >
        {t('watchlist.delayed', { minutes: data?.delayed_minutes ?? 15 })}
        {asOf && <span className="block font-normal">{t('watchlist.asOf', { time: asOf })}</span>}
      </p>

      {isPending && <PageLoader label={t('watchlist.loading')} />}
      {isError && (
        <div role="alert" className="mt-4 rounded-lg bg-red-50 p-3 text-danger">
          <p>{t('watchlist.error')}</p>
          <Button variant="secondary" className="mt-2 !w-auto" loading={isFetching} onClick={() => void refetch()}>
            {t('watchlist.retry')}
          </Button>
        </div>
      )}
      {data && data.quotes.length === 0 && <p className="mt-4 text-muted">{t('watchlist.empty')}</p>}
      {data && data.quotes.length > 0 && (
        <div className="mt-4 overflow-hidden rounded-xl bg-white shadow-sm">
          <table className="w-full text-left text-sm">
            <caption className="sr-only">{t('watchlist.title')}</caption>
            <thead className="bg-slate-100 text-muted">
              <tr>
                <th scope="col" className="px-3 py-2 font-semibold">
                  {t('watchlist.columns.symbol')}
                </th>
                <th scope="col" className="px-3 py-2 text-right font-semibold">
                  {t('watchlist.columns.price')}
                </th>
                <th scope="col" className="px-3 py-2 text-right font-semibold">
                  {t('watchlist.columns.change')}
                </th>
                <th scope="col" className="hidden px-3 py-2 text-right font-semibold md:table-cell">
                  {t('watchlist.columns.range')}
                </th>
              </tr>
            </thead>
            <tbody>
              {data.quotes.map((q) => (
                <tr key={q.symbol} data-symbol={q.symbol} className="border-t border-slate-100">
                  <th scope="row" className="px-3 py-2 font-normal">
                    <span className="block font-semibold">{q.symbol.split(':')[1]}</span>
                    <span className="block text-xs text-muted">{q.name}</span>
                  </th>
                  <td className="px-3 py-2 text-right font-semibold tabular-nums">₹{price(q.last_price)}</td>
                  <td className="px-3 py-2 text-right tabular-nums">
                    <Change q={q} />
                  </td>
                  <td className="hidden px-3 py-2 text-right tabular-nums md:table-cell">
                    {price(q.low)} – {price(q.high)}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <div className="mt-6 rounded-xl bg-white p-4 shadow-sm">
        <p>{t('watchlist.guestNote')}</p>
        <Link
          to="/ekyc1/"
          className="mt-3 inline-block rounded-lg bg-brand px-5 py-3 font-semibold text-white hover:bg-brand-dark"
        >
          {t('home.openAccount')}
        </Link>
      </div>
    </article>
  );
}
