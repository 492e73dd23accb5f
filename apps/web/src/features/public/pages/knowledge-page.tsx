import { Link, useParams } from '../../../lib/router';
import { ContentSections, type ContentSection } from '../components/content-sections';
import { useDocumentTitle } from '../hooks/use-document-title';
import { usePublicTranslation } from '../hooks/use-public-translation';
import { isKnowledgeTopic, KNOWLEDGE_TOPICS } from '../site';
import NotFoundPage from './not-found-page';

export default function KnowledgePage() {
  const { topic } = useParams();
  const { t, list } = usePublicTranslation();
  useDocumentTitle(t(isKnowledgeTopic(topic) ? `knowledge.topics.${topic}.title` : 'notFound.title'), t('brand'));
  if (!isKnowledgeTopic(topic)) return <NotFoundPage />;
  return (
    <article>
      <p className="text-sm font-semibold uppercase tracking-wide text-muted">{t('knowledge.title')}</p>
      <nav aria-label={t('knowledge.title')} className="my-3">
        <ul className="flex flex-wrap gap-2 text-sm">
          {KNOWLEDGE_TOPICS.map((k) => (
            <li key={k}>
              <Link
                to={`/knowledge-centre/${k}`}
                aria-current={k === topic ? 'page' : undefined}
                className={`inline-block rounded-full border px-3 py-1 ${
                  k === topic ? 'border-brand bg-brand text-white' : 'border-slate-500 bg-white'
                }`}
              >
                {t(`knowledge.topics.${k}.title`)}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      <h1 className="text-3xl font-bold">{t(`knowledge.topics.${topic}.title`)}</h1>
      <p className="mt-2 text-lg text-muted">{t(`knowledge.topics.${topic}.summary`)}</p>
      <ContentSections sections={list<ContentSection>(`knowledge.topics.${topic}.sections`)} />
      <Link
        to="/ekyc1/"
        className="mt-8 inline-block rounded-lg bg-brand px-5 py-3 font-semibold text-white hover:bg-brand-dark"
      >
        {t('home.openAccount')}
      </Link>
    </article>
  );
}
