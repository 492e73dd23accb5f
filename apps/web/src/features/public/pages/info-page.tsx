import { type ComponentType, lazy, type LazyExoticComponent, Suspense } from 'react';
import { Link, useParams } from '../../../lib/router';
import { CONTACTS, ContactCard } from '../components/contact-card';
import { ContentSections, type ContentSection } from '../components/content-sections';
import type { Support } from '../content/content-schemas';
import supportFile from '../content/support.json';
import { useDocumentTitle } from '../hooks/use-document-title';
import { usePublicTranslation } from '../hooks/use-public-translation';
import { isPageSlug, KNOWLEDGE_TOPICS, PAGE_SLUGS, type PageSlug } from '../site';
import NotFoundPage from './not-found-page';

/**
 * The pages whose facts come from the operator's content files (content/*.json, docs/content.md),
 * above their sections of text; each is loaded with its page only.
 */
const PAGE_CONTENT: Partial<Record<PageSlug, LazyExoticComponent<ComponentType>>> = {
  'upcoming-ipo': lazy(() => import('../components/upcoming-ipo-list')),
  downloads: lazy(() => import('../components/download-list')),
  holidays: lazy(() => import('../components/holiday-calendar')),
  grievances: lazy(() => import('../components/grievance-escalation')),
};

const SUPPORT: Support = supportFile;

export default function InfoPage() {
  const { slug } = useParams();
  const { t, list } = usePublicTranslation();
  useDocumentTitle(t(isPageSlug(slug) ? `pages.${slug}.title` : 'notFound.title'), t('brand'));
  if (!isPageSlug(slug)) return <NotFoundPage />;
  const values = {
    supportEmail: SUPPORT.email,
    grievanceOfficer: CONTACTS.grievanceOfficer.name,
    grievanceEmail: CONTACTS.grievanceOfficer.email,
    privacyEmail: CONTACTS.privacyEmail,
    careersEmail: CONTACTS.careersEmail,
    accessibilityOfficer: CONTACTS.accessibilityOfficer.name,
    accessibilityEmail: CONTACTS.accessibilityOfficer.email,
  };
  const Content = PAGE_CONTENT[slug];
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
      {Content && (
        <Suspense fallback={<p className="mt-6 text-muted">{t('loading')}</p>}>
          <Content />
        </Suspense>
      )}
      {slug !== 'sitemap' && slug !== 'calculators' && (
        <ContentSections sections={list<ContentSection>(`pages.${slug}.sections`, values)} />
      )}
      {(slug === 'privacy' || slug === 'accessibility') && (
        <div className="mt-6">
          <ContactCard
            heading={t(slug === 'privacy' ? 'pages.contact.officer' : 'pages.contact.accessibilityOfficer')}
            person={slug === 'privacy' ? CONTACTS.grievanceOfficer : CONTACTS.accessibilityOfficer}
            hours={CONTACTS.officeHours}
          />
        </div>
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
