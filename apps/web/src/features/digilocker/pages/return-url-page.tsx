/**
 * '/returnurl': the return from DigiLocker (code and state, or an error) is handed to the API
 * once; with is_pan_missing=true the page says the PAN was not received and Next leads to the
 * PAN upload page (section 2, 4, 8).
 */
import { useEffect, useRef } from 'react';
import { useTranslation } from '../../../i18n/use-translation';
import { useNavigate, useSearchParams } from '../../../lib/router';
import { Button } from '../../../components/button';
import { PageLoader } from '../../../components/spinner';
import { ApiError } from '../../../lib/api-client';
import { appPath } from '../../../lib/navigation';
import { session } from '../../../lib/session';
import { toast } from '../../../lib/toast';
import { useMessage } from '../../../lib/use-message';
import { useGetDigiData } from '../api/get-digi-data';
import { OvdUploadForm } from '../components/ovd-upload-form';
import { PAN_MISSING_SCREEN, ROUTE } from '@ekyc/contracts/stages';

// useStageAction does not fit: the exchange runs once on arrival and every outcome replaces this history entry (the code in the URL must not be sent twice) (docs/architecture.md).
export default function ReturnUrlPage() {
  const { t } = useTranslation('digilocker');
  const msg = useMessage();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const fetchData = useGetDigiData();
  const handled = useRef(false);
  const state = params.get('state');
  const isPanMissing = params.get('is_pan_missing') === 'true';
  const upload = params.get('upload') === 'pan';

  useEffect(() => {
    if (!state || handled.current) return;
    // The state is single use: the return is sent once, even under a double effect.
    handled.current = true;
    const failed = () => navigate(`${appPath(ROUTE.digilocker)}?failed=true`, { replace: true });
    fetchData
      .mutateAsync({
        state,
        code: params.get('code') ?? undefined,
        error: params.get('error') ?? undefined,
        error_description: params.get('error_description') ?? undefined,
      })
      .then((reply) => {
        // The failure page itself says what happened and offers the retry.
        if (!reply.status) return failed();
        session.set({ is_pan_missing: Boolean(reply.data.is_pan_missing) });
        navigate(appPath(reply.data.screen ?? ROUTE.digilocker), { replace: true });
      })
      .catch((err: unknown) => {
        toast.error(msg(err instanceof ApiError ? err : 'somethingWrong'));
        if (err instanceof ApiError && err.data.screen) navigate(appPath(String(err.data.screen)), { replace: true });
        else failed();
      });
  }, [state, params, fetchData, msg, navigate]);

  if (state) return <PageLoader label={t('fetching')} />;

  if (isPanMissing && upload)
    return (
      <div>
        <h2 className="mb-2 text-lg font-semibold">{t('panUploadTitle')}</h2>
        <p className="mb-4 text-muted">{t('panUploadIntro')}</p>
        <OvdUploadForm panOnly />
      </div>
    );

  if (isPanMissing)
    return (
      <div>
        <p role="status" className="mb-5 rounded-lg bg-amber-50 p-3 text-ink">
          {msg('panNotReceived')}
        </p>
        <Button onClick={() => navigate(appPath(`${PAN_MISSING_SCREEN}&upload=pan`))}>{t('common:next')}</Button>
      </div>
    );

  return (
    <div>
      <p className="mb-4 text-muted">{t('returnIntro')}</p>
      <Button onClick={() => navigate(appPath(ROUTE.digilocker))}>{t('common:continue')}</Button>
    </div>
  );
}
