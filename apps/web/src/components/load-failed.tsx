import { useTranslation } from '../i18n/use-translation';
import { useMessage } from '../lib/use-message';
import { Button } from './button';

/** A page's data could not be read: the reason in the applicant's language, and Retry. */
export function LoadFailed({ error, onRetry }: { error: Error; onRetry: () => void }) {
  const { t } = useTranslation('common');
  const msg = useMessage();
  return (
    <div role="alert" className="flex flex-col gap-3">
      <p>{msg(error)}</p>
      <Button onClick={onRetry}>{t('retry')}</Button>
    </div>
  );
}
