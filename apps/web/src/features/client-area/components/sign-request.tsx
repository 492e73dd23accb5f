/**
 * A draft request signed with Aadhaar eSign in a popup, followed until it leaves its draft: the
 * request form's popup opened from the click (so no blocker stops it), its form written and posted.
 */
import type { ServiceRequestView } from '@ekyc/contracts/calls/client-area';
import { ESIGN_POPUP } from '@ekyc/contracts/constants';
import { useState } from 'react';
import { useTranslation } from '../../../i18n/use-translation';
import { Button } from '../../../components/button';
import { ApiError } from '../../../lib/api-client';
import { Link } from '../../../lib/router';
import { useMessage } from '../../../lib/use-message';
import { startRequestSigning, useClientRequest } from '../api/request-nomination';

export function SignRequest({
  heading,
  draft,
  testId,
}: {
  heading: string;
  draft: ServiceRequestView;
  testId: string;
}) {
  const { t } = useTranslation('client-area');
  const msg = useMessage();
  const [signing, setSigning] = useState(false);
  const [error, setError] = useState('');
  const request = useClientRequest(signing ? draft.id : null);

  const sign = async () => {
    setError('');
    const win = window.open(
      '',
      'aadhaar-esign',
      `width=${ESIGN_POPUP.width},height=${ESIGN_POPUP.height},resizable=yes,scrollbars=yes`,
    );
    if (!win) {
      setError(t('nomination.allowPopups'));
      return;
    }
    try {
      const data = await startRequestSigning(draft.id);
      win.document.open();
      win.document.write(`<!doctype html><title>Aadhaar eSign</title><body>${data.api_response}</body>`);
      win.document.close();
      (win.document.getElementById('esign-form') as HTMLFormElement | null)?.submit();
      setSigning(true);
    } catch (err) {
      win.close();
      setError(msg(err instanceof ApiError ? err : 'esignError'));
    }
  };

  const signed = request.data && request.data.status !== 'draft';
  return (
    <div className="rounded-xl bg-white p-4 shadow-sm">
      <h1 className="mb-3 text-xl font-bold">{heading}</h1>
      {signed ? (
        <>
          <p role="status" data-testid={testId} className="mb-4">
            {t('nomination.signed', { number: request.data.number })}
          </p>
          <Link to="/my-account" className="font-semibold text-brand underline">
            {t('nomination.back')}
          </Link>
        </>
      ) : (
        <>
          <p className="mb-4">{t('nomination.signIntro', { number: draft.number })}</p>
          {signing && (
            <p role="status" className="mb-3 text-sm">
              {t('nomination.signing')}
            </p>
          )}
          {error && (
            <p role="alert" className="mb-3 text-sm text-danger">
              {error}
            </p>
          )}
          <Button onClick={() => void sign()}>{t('nomination.sign')}</Button>
        </>
      )}
    </div>
  );
}
