/**
 * DDPI later: the client asks for the DDPI document (the server drafts it with the purposes of the
 * rules in force), reads its purposes, and signs it on its own with Aadhaar eSign
 * (components/sign-request.tsx); it is then reviewed four-eyed and sent to the depository.
 */
import type { ServiceRequestView } from '@ekyc/contracts/calls/client-area';
import { useState } from 'react';
import { useTranslation } from '../../../i18n/use-translation';
import { Button } from '../../../components/button';
import { ApiError } from '../../../lib/api-client';
import { useMessage } from '../../../lib/use-message';
import { useRequestDdpi } from '../api/request-ddpi';
import { SignRequest } from '../components/sign-request';

export default function DdpiPage() {
  const { t } = useTranslation('client-area');
  const msg = useMessage();
  const create = useRequestDdpi();
  const [draft, setDraft] = useState<{ request: ServiceRequestView; purposes: string[] } | null>(null);
  const [error, setError] = useState('');

  const prepare = async () => {
    setError('');
    try {
      const reply = await create.mutateAsync();
      if (reply.status) setDraft(reply.data);
      else setError(reply.message);
    } catch (err) {
      setError(msg(err instanceof ApiError ? err : 'somethingWrong'));
    }
  };

  return (
    <div className="flex flex-col gap-4">
      <section aria-labelledby="ddpi-intro" className="rounded-xl bg-white p-4 shadow-sm">
        <h1 id="ddpi-intro" className="mb-2 text-xl font-bold">
          {t('ddpiLater.heading')}
        </h1>
        <p className="mb-2">{t('ddpiLater.intro')}</p>
        {draft && (
          <>
            <h2 className="mt-3 mb-1 font-semibold">{t('ddpiLater.purposes')}</h2>
            <ol className="list-decimal pl-5" data-testid="ddpi-purposes">
              {draft.purposes.map((p) => (
                <li key={p} className="py-0.5">
                  {p}
                </li>
              ))}
            </ol>
          </>
        )}
        {!draft && (
          <>
            {error && (
              <p role="alert" className="mb-3 text-sm text-danger">
                {error}
              </p>
            )}
            <Button loading={create.isPending} onClick={() => void prepare()}>
              {t('ddpiLater.prepare')}
            </Button>
          </>
        )}
      </section>
      {draft && <SignRequest heading={t('ddpiLater.signHeading')} draft={draft.request} testId="ddpi-signed" />}
    </div>
  );
}
