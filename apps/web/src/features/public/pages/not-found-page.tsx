import { Link } from '../../../lib/router';
import { useDocumentTitle } from '../hooks/use-document-title';
import { usePublicTranslation } from '../hooks/use-public-translation';

export default function NotFoundPage() {
  const { t } = usePublicTranslation();
  useDocumentTitle(t('notFound.title'), t('brand'));
  return (
    <div className="py-10 text-center">
      <h1 className="text-2xl font-bold">{t('notFound.title')}</h1>
      <p className="mt-2 text-muted">{t('notFound.text')}</p>
      <Link to="/" className="mt-4 inline-block font-semibold text-brand underline">
        {t('nav.home')}
      </Link>
    </div>
  );
}
