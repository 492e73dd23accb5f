import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from '../../../i18n/use-translation';
import { PageLoader } from '../../../components/spinner';

/** Loading and error states of a back-office read, with a retry. */
export function QueryState<T>({ query, children }: { query: UseQueryResult<T>; children: (data: T) => ReactNode }) {
  const { t } = useTranslation('backoffice');
  if (query.data !== undefined) return <>{children(query.data)}</>;
  if (query.isError)
    return (
      <div role="alert" className="rounded-lg border border-danger/40 bg-red-50 p-4 text-danger">
        <p>{t('loadError', { message: query.error.message })}</p>
        <button type="button" className="mt-2 font-semibold underline" onClick={() => void query.refetch()}>
          {t('retry')}
        </button>
      </div>
    );
  return <PageLoader label={t('loading')} />;
}
