import { Link } from '../../../lib/router';
import { useBrokerDocuments } from '../api/get-broker-documents';
import type { MarketPortals, Support } from '../content/content-schemas';
import portalsFile from '../content/market-portals.json';
import supportFile from '../content/support.json';
import { usePublicTranslation } from '../hooks/use-public-translation';
import { inLanguage } from '../locale';
import { KNOWLEDGE_TOPICS, PAGE_SLUGS } from '../site';
import { ExternalLink } from './external-link';
import { PhoneLink } from './phone-link';

// the small content files of every page: the larger ones load with their own page
const SUPPORT: Support = supportFile;
const PORTALS: MarketPortals = portalsFile;

/**
 * The footer links of section 2: every policy and information page, the knowledge centre and the
 * charges; customer care's phone, email and hours; the regulators' and market bodies' portals.
 */
export function SiteFooter() {
  const { t, lng } = usePublicTranslation();
  const year = new Date().getFullYear();
  const broker = useBrokerDocuments().data;
  return (
    <footer className="border-t border-slate-200 bg-white text-sm">
      <div className="mx-auto grid max-w-5xl gap-6 px-4 py-8 sm:grid-cols-2 lg:grid-cols-4">
        <nav aria-label={t('footer.company')}>
          <h2 className="mb-2 font-semibold">{t('footer.company')}</h2>
          <ul className="space-y-1">
            {PAGE_SLUGS.map((slug) => (
              <li key={slug}>
                <Link to={`/pages/${slug}`} className="text-muted hover:text-brand hover:underline">
                  {t(`pages.${slug}.title`)}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
        <nav aria-label={t('footer.learn')}>
          <h2 className="mb-2 font-semibold">{t('footer.learn')}</h2>
          <ul className="space-y-1">
            {KNOWLEDGE_TOPICS.map((topic) => (
              <li key={topic}>
                <Link to={`/knowledge-centre/${topic}`} className="text-muted hover:text-brand hover:underline">
                  {t(`knowledge.topics.${topic}.title`)}
                </Link>
              </li>
            ))}
            <li>
              <Link to="/charges" className="text-muted hover:text-brand hover:underline">
                {t('nav.charges')}
              </Link>
            </li>
            <li>
              <Link to="/faq" className="text-muted hover:text-brand hover:underline">
                {t('nav.faq')}
              </Link>
            </li>
            <li>
              <Link to="/watchlist" className="text-muted hover:text-brand hover:underline">
                {t('nav.watchlist')}
              </Link>
            </li>
          </ul>
        </nav>
        <nav aria-label={t('footer.portals')}>
          <h2 className="mb-2 font-semibold">{t('footer.portals')}</h2>
          <ul className="space-y-1">
            {PORTALS.portals.map((p) => (
              <li key={p.id}>
                <ExternalLink href={p.url} className="text-muted hover:text-brand hover:underline">
                  {p.name}
                </ExternalLink>
              </li>
            ))}
          </ul>
        </nav>
        <div>
          <h2 className="mb-2 font-semibold">{t('footer.support')}</h2>
          <ul className="space-y-1">
            <li>
              <PhoneLink phone={SUPPORT.phone} className="font-semibold text-brand underline" />
            </li>
            <li>
              <a href={`mailto:${SUPPORT.email}`} className="text-brand underline">
                {SUPPORT.email}
              </a>
            </li>
          </ul>
          <p className="mt-1 text-muted">{inLanguage(SUPPORT.hours, lng)}</p>
          <h2 className="mb-2 mt-5 font-semibold">{t('brand')}</h2>
          <p className="text-muted">{t('footer.disclaimer')}</p>
          {broker && (
            <div className="mt-3 text-muted" data-testid="broker-registrations">
              <p>{broker.registrations.broker_name}</p>
              <p>{t('footer.sebiRegistration', { number: broker.registrations.sebi_registration })}</p>
              {broker.registrations.exchange_member_codes.map((m) => (
                <p key={m.exchange}>{t('footer.memberCode', { exchange: m.exchange, code: m.code })}</p>
              ))}
              <p>{t('footer.dpId', { id: broker.registrations.dp_id })}</p>
              {broker.registrations.sample && <p>{t('footer.sampleRegistrations')}</p>}
              <ul className="mt-2 space-y-1">
                {broker.documents.map((d) => (
                  <li key={d.key}>
                    <a href={d.link} className="text-brand underline" target="_blank" rel="noreferrer">
                      {t(`footer.documents.${d.key}`)}
                    </a>
                  </li>
                ))}
              </ul>
            </div>
          )}
          <p className="mt-3 text-muted">{t('footer.copyright', { year })}</p>
        </div>
      </div>
    </footer>
  );
}
