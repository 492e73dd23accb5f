/**
 * '/digilocker': the intro and the agreement (shortened to 90 characters until expanded), then
 * the redirect to DigiLocker; once documents are in, their fields and Next (section 2).
 * A failure offers 'Retry Using Digilocker' or a manual upload of officially valid documents.
 * While DigiLocker's day's budget is spent the applicant waits here, in its queue, before going.
 */
import { DIGILOCKER_AGREEMENT_TRUNCATE } from '@ekyc/contracts/constants';
import { useId, useState } from 'react';
import { useTranslation } from '../../../i18n/use-translation';
import { useSearchParams } from '../../../lib/router';
import { Button } from '../../../components/button';
import { useQueuePlace } from '../../../components/queue-position';
import { PageLoader } from '../../../components/spinner';
import { useScreenNavigate } from '../../../lib/navigation';
import { session } from '../../../lib/session';
import { useMessage } from '../../../lib/use-message';
import { useStageAction } from '../../../lib/use-stage-action';
import { useUserDetails } from '../../../lib/user-details';
import { useGetDigiData } from '../api/get-digi-data';
import { useStartDigilocker } from '../api/start-digilocker';
import { DocumentFields } from '../components/document-fields';
import { OvdUploadForm } from '../components/ovd-upload-form';
import { redirectToLocker } from '../components/redirect-to-locker';

const AGREEMENT_PREVIEW = DIGILOCKER_AGREEMENT_TRUNCATE;

export default function DigilockerPage() {
  const { t } = useTranslation('digilocker');
  const msg = useMessage();
  const go = useScreenNavigate();
  const [params] = useSearchParams();
  const { details, isLoading } = useUserDetails();
  const start = useStartDigilocker();
  const confirm = useGetDigiData();
  const [agreed, setAgreed] = useState(false);
  const [agreeError, setAgreeError] = useState('');
  const [expanded, setExpanded] = useState(false);
  const [manual, setManual] = useState(false);
  const agreeId = useId();
  const queue = useQueuePlace();
  // the authorisation URL: the applicant goes to DigiLocker, or where a refusal names
  const begin = useStageAction(start.mutateAsync, {
    quietSuccess: true,
    followScreen: false,
    onSuccess: (data) => {
      queue.clear();
      redirectToLocker(data.data.url);
    },
    onRefused: (reply) => {
      queue.clear();
      go(reply.data.screen);
    },
    onError: queue.clear,
    onQueued: queue.onQueued,
  });
  // the documents are in: on to the next stage (or back to DigiLocker when its session ended)
  const onNext = useStageAction(confirm.mutateAsync, {
    quietSuccess: true,
    followScreen: false,
    onSuccess: (data) => {
      if (data.data?.url) return redirectToLocker(data.data.url);
      session.set({ is_pan_missing: Boolean(data.is_pan_missing) });
      go(data.screen);
    },
    onRefused: (reply) => {
      session.set({ is_pan_missing: Boolean(reply.data.is_pan_missing) });
      go(reply.data.screen);
    },
  });
  if (isLoading || !details) return <PageLoader label={t('common:loading')} />;

  const failed = params.get('failed') === 'true';
  const locker = details.digilocker_obj;
  const documents = locker.is_object ? (locker.cdl_documents ?? []) : [];

  if (documents.length && !failed)
    return (
      <div>
        <div className="mb-4 flex items-center gap-4">
          {locker.aadhaar_photo && (
            <img
              src={locker.aadhaar_photo}
              alt={t('photoAlt')}
              width={72}
              height={90}
              className="h-[90px] w-[72px] rounded-md border border-slate-200 object-cover"
            />
          )}
          <p className="text-muted">{t('verifiedIntro')}</p>
        </div>
        {documents.slice(0, 2).map((doc, i) => (
          <DocumentFields key={i} document={doc} />
        ))}
        <Button loading={confirm.isPending} onClick={() => void onNext({})}>
          {t('common:next')}
        </Button>
      </div>
    );

  if (failed)
    return (
      <div>
        {queue.shown}
        <div role="alert" className="mb-4 rounded-lg bg-red-50 p-3 text-sm text-danger">
          <p className="font-semibold">{msg('digilockerFailed')}</p>
          <p className="mt-1 text-ink">{t('failedHelp')}</p>
        </div>
        <div className="mb-5 flex flex-col gap-3">
          <Button loading={start.isPending} onClick={() => void begin(true)}>
            {t('retry')}
          </Button>
          {!manual && (
            <Button variant="secondary" onClick={() => setManual(true)}>
              {t('uploadManually')}
            </Button>
          )}
        </div>
        {manual && (
          <div>
            <h2 className="mb-2 text-lg font-semibold">{t('manualTitle')}</h2>
            <OvdUploadForm />
          </div>
        )}
      </div>
    );

  const agreement = t('agreement');
  const shown =
    expanded || agreement.length <= AGREEMENT_PREVIEW ? agreement : `${agreement.slice(0, AGREEMENT_PREVIEW)}...`;
  return (
    <div>
      {queue.shown}
      <p className="mb-3 text-muted">{t('intro')}</p>
      <ul className="mb-4 list-disc space-y-1 pl-5 text-sm text-ink">
        <li>{t('point1')}</li>
        <li>{t('point2')}</li>
        <li>{t('point3')}</li>
      </ul>
      <div className="mb-4">
        <div className="flex items-start gap-3">
          <input
            id={agreeId}
            type="checkbox"
            checked={agreed}
            aria-invalid={agreeError ? true : undefined}
            aria-describedby={agreeError ? `${agreeId}-error` : undefined}
            onChange={(e) => {
              setAgreed(e.target.checked);
              if (e.target.checked) setAgreeError('');
            }}
            className="mt-1 h-5 w-5 shrink-0 accent-brand"
          />
          <div className="text-sm text-ink">
            <label htmlFor={agreeId}>{shown}</label>{' '}
            {agreement.length > AGREEMENT_PREVIEW && (
              <button
                type="button"
                className="font-semibold text-brand"
                aria-expanded={expanded}
                onClick={() => setExpanded((v) => !v)}
              >
                {expanded ? t('readLess') : t('readMore')}
              </button>
            )}
          </div>
        </div>
        {agreeError && (
          <p id={`${agreeId}-error`} role="alert" className="mt-1 text-sm text-danger">
            {agreeError}
          </p>
        )}
      </div>
      <Button
        loading={start.isPending}
        onClick={() => {
          if (!agreed) return setAgreeError(msg('agreeRequired'));
          void begin(false);
        }}
      >
        {t('common:continue')}
      </Button>
    </div>
  );
}
