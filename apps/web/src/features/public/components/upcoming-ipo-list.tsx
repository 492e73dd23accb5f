/** /pages/upcoming-ipo: the issues of content/upcoming-ipos.json that are open or still to open. */
import iposFile from '../content/upcoming-ipos.json';
import type { UpcomingIpo, UpcomingIpos } from '../content/content-schemas';
import { usePublicTranslation } from '../hooks/use-public-translation';
import { dateLocale, formatIsoDate, todayInIndia } from '../locale';

const IPOS: UpcomingIpos = iposFile;

export default function UpcomingIpoList() {
  const { t, lng } = usePublicTranslation();
  const today = todayInIndia();
  // an issue whose bidding has closed drops off by itself, even before the operator edits the file
  const current = IPOS.issues.filter((issue) => issue.closes >= today);
  return (
    <section aria-labelledby="ipo-list" className="mt-6">
      <h2 id="ipo-list" className="text-xl font-bold">
        {t('pages.upcoming-ipo.listTitle')}
      </h2>
      <p className="text-sm text-muted">
        {t('pages.upcoming-ipo.updated', { date: formatIsoDate(lng, IPOS.updatedOn) })}
      </p>
      {current.length === 0 ? (
        <p className="mt-3 rounded-xl bg-white p-4 shadow-sm">{t('pages.upcoming-ipo.none')}</p>
      ) : (
        <ul className="mt-3 grid gap-3 sm:grid-cols-2">
          {current.map((issue) => (
            <IpoCard key={issue.name} issue={issue} open={issue.opens <= today} />
          ))}
        </ul>
      )}
    </section>
  );
}

function IpoCard({ issue, open }: { issue: UpcomingIpo; open: boolean }) {
  const { t, lng } = usePublicTranslation();
  const rupees = (n: number) =>
    new Intl.NumberFormat(dateLocale(lng), {
      style: 'currency',
      currency: 'INR',
      minimumFractionDigits: 0,
      maximumFractionDigits: 2,
    }).format(n);
  const number = (n: number) => new Intl.NumberFormat(dateLocale(lng)).format(n);
  const rows: [string, string][] = [
    [t('pages.upcoming-ipo.fields.exchanges'), issue.exchanges.join(', ')],
    [
      t('pages.upcoming-ipo.fields.dates'),
      t('pages.upcoming-ipo.dateRange', {
        from: formatIsoDate(lng, issue.opens),
        to: formatIsoDate(lng, issue.closes),
      }),
    ],
    [
      t('pages.upcoming-ipo.fields.priceBand'),
      t('pages.upcoming-ipo.priceRange', { low: rupees(issue.priceBand.low), high: rupees(issue.priceBand.high) }),
    ],
    [t('pages.upcoming-ipo.fields.lotSize'), t('pages.upcoming-ipo.shares', { n: number(issue.lotSize) })],
    [t('pages.upcoming-ipo.fields.oneLot'), rupees(issue.lotSize * issue.priceBand.high)],
  ];
  if (issue.listing) rows.push([t('pages.upcoming-ipo.fields.listing'), formatIsoDate(lng, issue.listing)]);
  return (
    <li className="rounded-xl bg-white p-4 shadow-sm" data-ipo={issue.name}>
      <h3 className="font-semibold">{issue.name}</h3>
      <p className="mt-1 flex flex-wrap gap-2 text-xs font-semibold">
        <span className={`rounded px-2 py-0.5 ${open ? 'bg-green-100 text-green-900' : 'bg-amber-100 text-amber-950'}`}>
          {t(`pages.upcoming-ipo.status.${open ? 'open' : 'upcoming'}`)}
        </span>
        <span className="rounded bg-slate-100 px-2 py-0.5 text-ink">
          {t(`pages.upcoming-ipo.board.${issue.board}`)}
        </span>
      </p>
      <dl className="mt-3 grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
        {rows.map(([label, value]) => (
          <div key={label} className="contents">
            <dt className="text-muted">{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
    </li>
  );
}
