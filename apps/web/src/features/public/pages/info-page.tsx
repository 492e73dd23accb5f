import { Link, useParams } from '../../../lib/router';
import { ContentSections, type ContentSection } from '../components/content-sections';
import { useDocumentTitle } from '../hooks/use-document-title';
import { usePublicTranslation } from '../hooks/use-public-translation';
import { isPageSlug, KNOWLEDGE_TOPICS, PAGE_SLUGS, SITE_CONTACT } from '../site';
import NotFoundPage from './not-found-page';

/** A footer page (section 2): policies and information, the sitemap and the calculators index. */
export default function InfoPage() {
  const { slug } = useParams();
  const { t, list } = usePublicTranslation();
  useDocumentTitle(t(isPageSlug(slug) ? `pages.${slug}.title` : 'notFound.title'), t('brand'));
  if (!isPageSlug(slug)) return <NotFoundPage />;
  const values = {
    supportEmail: SITE_CONTACT.supportEmail,
    grievanceOfficer: SITE_CONTACT.grievanceOfficer,
    grievanceEmail: SITE_CONTACT.grievanceEmail,
    privacyEmail: SITE_CONTACT.privacyEmail,
    careersEmail: SITE_CONTACT.careersEmail,
    accessibilityOfficer: SITE_CONTACT.accessibilityOfficer,
    accessibilityEmail: SITE_CONTACT.accessibilityEmail,
  };
  return (
    <article className="max-w-3xl">
      <h1 className="text-3xl font-bold">{t(`pages.${slug}.title`)}</h1>
      <p className="mt-2 text-lg text-muted">{t(`pages.${slug}.intro`, values)}</p>
      {slug === 'sitemap' && <Sitemap />}
      {slug === 'calculators' && (
        <ul className="mt-6 list-disc space-y-2 pl-5">
          {(['brokerage', 'amc', 'bsda', 'depository'] as const).map((c) => (
            <li key={c}>
              <Link to="/charges#calculators" className="font-semibold text-brand underline">
                {t(`calc.${c}.title`)}
              </Link>
            </li>
          ))}
        </ul>
      )}
      {slug !== 'sitemap' && slug !== 'calculators' && (
        <ContentSections sections={list<ContentSection>(`pages.${slug}.sections`, values)} />
      )}
      {(slug === 'grievances' || slug === 'privacy') && (
        <address className="mt-6 rounded-xl bg-white p-4 not-italic shadow-sm">
          <strong>{t('pages.contact.officer')}</strong>: {SITE_CONTACT.grievanceOfficer}
          <br />
          <strong>{t('pages.contact.email')}</strong>:{' '}
          <a className="text-brand underline" href={`mailto:${SITE_CONTACT.grievanceEmail}`}>
            {SITE_CONTACT.grievanceEmail}
          </a>
          {SITE_CONTACT.supportPhone && (
            <>
              <br />
              <strong>{t('pages.contact.phone')}</strong>: {SITE_CONTACT.supportPhone}
            </>
          )}
        </address>
      )}
    </article>
  );
}

function Sitemap() {
  const { t } = usePublicTranslation();
  const groups = [
    {
      title: t('nav.home'),
      links: [
        { to: '/', label: t('nav.home') },
        { to: '/ekyc1/', label: t('nav.openAccount') },
        { to: '/charges', label: t('nav.charges') },
        { to: '/faq', label: t('nav.faq') },
        { to: '/watchlist', label: t('nav.watchlist') },
      ],
    },
    {
      title: t('knowledge.title'),
      links: KNOWLEDGE_TOPICS.map((k) => ({ to: `/knowledge-centre/${k}`, label: t(`knowledge.topics.${k}.title`) })),
    },
    { title: t('footer.company'), links: PAGE_SLUGS.map((s) => ({ to: `/pages/${s}`, label: t(`pages.${s}.title`) })) },
  ];
  return (
    <div className="mt-6 grid gap-6 sm:grid-cols-3">
      {groups.map((g) => (
        <section key={g.title}>
          <h2 className="mb-2 text-lg font-bold">{g.title}</h2>
          <ul className="space-y-1">
            {g.links.map((l) => (
              <li key={l.to}>
                <Link to={l.to} className="text-brand underline">
                  {l.label}
                </Link>
              </li>
            ))}
          </ul>
        </section>
      ))}
    </div>
  );
}
