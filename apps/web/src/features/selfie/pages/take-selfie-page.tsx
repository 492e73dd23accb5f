/**
 * '/take-selfie': the six tips, a 300 by 300 camera capture with retake, then the hosted liveness
 * module in a popup and the poll of section 4 (every 2 s, up to 120 s). A stored selfie is shown
 * instead once livness_obj exists; without a camera, a QR code continues on a phone. While the
 * liveness provider's day's budget is spent, the page shows the applicant's place in its queue and
 * asks for the module's token again when the wait ends.
 */
import { ESIGN_POPUP } from '@ekyc/contracts/constants';
import { ROUTE, STAGE, STAGES } from '@ekyc/contracts/stages';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from '../../../i18n/use-translation';
import { Button } from '../../../components/button';
import { QueuePosition } from '../../../components/queue-position';
import { PageLoader, Spinner } from '../../../components/spinner';
import { ApiError } from '../../../lib/api-client';
import { appPath, useScreenNavigate } from '../../../lib/navigation';
import { toast } from '../../../lib/toast';
import { useMessage } from '../../../lib/use-message';
import { queuePlaceOf } from '../../../lib/use-stage-action';
import { useUserDetails } from '../../../lib/user-details';
import { getHypervegeToken, LIVENESS_TOKEN_KEY, useHypervegeToken } from '../api/get-hypervege-token';
import { finishLiveness, getLivelinessResult, useUploadLiveliness } from '../api/upload-liveliness';
import { CameraCapture } from '../components/camera-capture';
import { PhoneQr } from '../components/phone-qr';
import { ActionPrompt, LocationConsent, readLocation } from '../components/kyc-controls';
import { SelfieTips } from '../components/selfie-tips';
import { pollLiveness } from '../hooks/poll-liveness';

const hasCamera = () => typeof navigator !== 'undefined' && Boolean(navigator.mediaDevices?.getUserMedia);

// useStageAction does not fit: the upload is followed by polling the liveness result; the poll's answer, not the upload's, says where to go (docs/architecture.md).
export default function TakeSelfiePage() {
  const { t } = useTranslation('selfie');
  const msg = useMessage();
  const go = useScreenNavigate();
  const client = useQueryClient();
  const { details, stage, isLoading } = useUserDetails();
  const stored = details?.livness_obj;
  const capturing = Boolean(details) && !stored?.is_object;
  const token = useHypervegeToken(capturing && stage === STAGE.SELFIE);
  const queued = queuePlaceOf(token.error);
  const upload = useUploadLiveliness();
  const [shot, setShot] = useState<string | null>(null);
  // the frames taken while the applicant performed the action, judged by the server's provider
  const [frames, setFrames] = useState<string[]>([]);
  const [askingAnother, setAskingAnother] = useState(false);
  const [noCamera, setNoCamera] = useState(!hasCamera());
  const [checking, setChecking] = useState(false);
  const [locationConsent, setLocationConsent] = useState(false);
  const abort = useRef<AbortController | null>(null);
  useEffect(() => () => abort.current?.abort(), []);

  if (isLoading || !details) return <PageLoader label={t('common:loading')} />;

  if (stored?.is_object && stored.image)
    return (
      <div className="flex flex-col items-center gap-4">
        <p className="text-muted">{t('stored')}</p>
        <img
          src={stored.image}
          alt={t('storedAlt')}
          width={200}
          height={200}
          className="rounded-full border-4 border-success"
        />
        <Button onClick={() => go(STAGES[STAGE.ESIGN].route)}>{t('common:next')}</Button>
      </div>
    );

  const retake = () => {
    setShot(null);
    setFrames([]);
    void client.removeQueries({ queryKey: ['liveness-token'] });
    void token.refetch();
  };

  const start = async () => {
    if (!shot) return;
    // opened on the click itself so that the browser does not block it
    const popup = window.open('', 'liveness-module', `width=${ESIGN_POPUP.width},height=${ESIGN_POPUP.height}`);
    if (!popup) {
      window.alert(msg('allowPopupsAlert'));
      return;
    }
    setChecking(true);
    abort.current = new AbortController();
    try {
      const session = token.data ?? (await getHypervegeToken());
      popup.location.href = session.module_url;
      const location = await readLocation(locationConsent);
      const first = await upload.mutateAsync({
        image: shot,
        transaction_id: session.transaction_id,
        location,
        action_done_at: new Date().toISOString(),
        ...(frames.length >= 2 && { frames }),
      });
      const result = await pollLiveness(first, getLivelinessResult, { signal: abort.current.signal });
      if (result.kind === 'stopped') return;
      if (result.kind === 'timedOut') {
        toast.error(msg(result));
        popup.close();
        retake();
        return;
      }
      const { reply } = result;
      if (reply.status) {
        toast.success(msg(reply));
        await finishLiveness(client);
      } else {
        toast.error(msg(reply));
        popup.close();
        retake();
      }
      go(reply.data.screen);
    } catch (err) {
      popup.close();
      toast.error(msg(err instanceof ApiError ? err : 'somethingWrong'));
      if (err instanceof ApiError && typeof err.data.screen === 'string') go(err.data.screen);
      retake();
    } finally {
      setChecking(false);
    }
  };

  return (
    <div>
      {queued && (
        <QueuePosition
          position={queued.position}
          seconds={queued.seconds}
          attempt={token.errorUpdateCount}
          onRetry={() => void token.refetch()}
        />
      )}
      <SelfieTips />
      <ActionPrompt
        action={token.data?.action}
        kinds={token.data?.actions}
        asking={askingAnother}
        onAnother={(kind) => {
          setAskingAnother(true);
          getHypervegeToken(kind)
            .then((reply) => client.setQueryData(LIVENESS_TOKEN_KEY, reply))
            .catch((err: Error) => toast.error(msg(err)))
            .finally(() => setAskingAnother(false));
        }}
      />
      <LocationConsent checked={locationConsent} onChange={setLocationConsent} />
      {noCamera ? (
        <PhoneQr url={`${window.location.origin}${appPath(ROUTE.selfie)}`} />
      ) : shot ? (
        <div className="flex flex-col items-center gap-3">
          <img
            src={shot}
            alt={t('previewAlt')}
            width={300}
            height={300}
            className="rounded-full border-4 border-brand"
          />
          {checking ? (
            <p role="status" className="flex items-center gap-2 text-sm text-muted">
              <Spinner /> {t('checking')}
            </p>
          ) : (
            <p className="text-sm text-muted">{t('moduleHint')}</p>
          )}
          <Button
            onClick={() => void start()}
            loading={checking}
            disabled={(token.isLoading && !token.data) || Boolean(queued)}
          >
            {t('common:continue')}
          </Button>
          <Button variant="secondary" onClick={retake} disabled={checking}>
            {t('retake')}
          </Button>
        </div>
      ) : (
        <CameraCapture
          onCapture={(image, taken) => {
            setShot(image);
            setFrames(taken);
          }}
          onNoCamera={() => setNoCamera(true)}
        />
      )}
    </div>
  );
}
