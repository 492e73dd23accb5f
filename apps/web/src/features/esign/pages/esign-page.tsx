/**
 * '/e-sign': the form's preview and download, the agree checkbox, the popup warning, the
 * pre-modal on the time limit, then 'E-Sign With Aadhaar OTP' in a 400 by 700 popup with a
 * countdown whose colour shifts at 20, 15 and 10 s. The status socket tells the end: signed (on
 * to /status), or 'Time Exceeded' ('Time Limit Exceeded', and the e-sign session starts over).
 */
import { ESIGN_TIME_EXCEEDED_CODE, type EsignStatusMessage } from '@ekyc/contracts/calls/esign-consent';
import { ESIGN_POPUP, ESIGN_WINDOW_S } from '@ekyc/contracts/constants';
import { STAGE, STAGES } from '@ekyc/contracts/stages';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from '../../../i18n/use-translation';
import { Button } from '../../../components/button';
import { Checkbox } from '../../../components/checkbox';
import { Modal } from '../../../components/modal';
import { PageLoader } from '../../../components/spinner';
import { ApiError } from '../../../lib/api-client';
import { useScreenNavigate } from '../../../lib/navigation';
import { session, useSession } from '../../../lib/session';
import { toast } from '../../../lib/toast';
import { queuePlaceOf } from '../../../lib/use-stage-action';
import { useQueuePlace } from '../../../components/queue-position';
import { useMessage } from '../../../lib/use-message';
import { invalidateUserDetails, useUserDetails } from '../../../lib/user-details';
import { useEsignConsent } from '../api/esign-consent';
import { acknowledgementOf } from '@ekyc/contracts/calls/broker-documents';
import { useEsignInitate } from '../api/esign-initate';
import { Countdown } from '../components/countdown';
import { PdfPreview } from '../components/pdf-preview';
import { useEsignStatus } from '../hooks/use-esign-status';

interface Signing {
  transactionId: string;
  deadline: number;
}

// useStageAction does not fit: the consent opens the ESP's window and the outcome arrives over the socket, not in the reply (docs/architecture.md).
export default function EsignPage() {
  const { t } = useTranslation('esign');
  const msg = useMessage();
  const go = useScreenNavigate();
  const client = useQueryClient();
  const { token } = useSession();
  const { stage, isLoading } = useUserDetails();
  const form = useEsignInitate(stage === STAGE.ESIGN);
  const consent = useEsignConsent();
  const [agreed, setAgreed] = useState(false);
  const [agreeError, setAgreeError] = useState('');
  const [documentsRead, setDocumentsRead] = useState(false);
  const [documentsError, setDocumentsError] = useState('');
  const [preModal, setPreModal] = useState(false);
  const [signing, setSigning] = useState<Signing | null>(null);
  const [secondsLeft, setSecondsLeft] = useState(0);
  const [expired, setExpired] = useState(false);
  const queue = useQueuePlace();
  const popup = useRef<Window | null>(null);
  const windowSeconds = form.data?.esign_window_seconds ?? ESIGN_WINDOW_S;

  /** Section 4: on expiry the e-sign session starts over (a new consent, a new window). */
  const timeUp = useCallback(() => {
    popup.current?.close();
    popup.current = null;
    setSigning(null);
    setExpired(true);
    session.set({ transactionId: null });
  }, []);

  useEffect(() => {
    if (!signing) return;
    const tick = () => {
      const left = Math.max(0, Math.ceil((signing.deadline - Date.now()) / 1000));
      setSecondsLeft(left);
      if (left === 0) timeUp();
    };
    tick();
    const id = setInterval(tick, 250);
    return () => clearInterval(id);
  }, [signing, timeUp]);

  useEsignStatus(token, signing?.transactionId ?? null, {
    onMessage: (m: EsignStatusMessage) => {
      if (m.status) {
        popup.current?.close();
        session.set({ signedPdfUrl: m.data?.signed_document_link ?? null, transactionId: null });
        toast.success(msg(m.code ? m : 'esignSigned'));
        setSigning(null);
        void invalidateUserDetails(client).then(() => go(m.data?.screen ?? STAGES[STAGE.STATUS].route));
      } else if (m.code === ESIGN_TIME_EXCEEDED_CODE) timeUp();
      else {
        popup.current?.close();
        setSigning(null);
        toast.error(msg(m.code ? m : 'esignError'));
      }
    },
    onLost: () => go('/'),
  });

  if (isLoading || !form.data) return <PageLoader label={t('common:loading')} />;
  const { pdf_link: pdfLink, epro_id: eproId } = form.data;
  const documents = form.data.documents ?? [];
  const registrations = form.data.registrations;

  const requestSign = () => {
    if (!documentsRead) setDocumentsError(msg('documentsNotAcknowledged'));
    if (!agreed) setAgreeError(msg('agreeRequired'));
    if (!agreed || !documentsRead) return;
    setPreModal(true);
  };

  const sign = async () => {
    setPreModal(false);
    // opened on the click itself; the signing service's page is put in once the request is ready
    const win = window.open(
      '',
      'aadhaar-esign',
      `width=${ESIGN_POPUP.width},height=${ESIGN_POPUP.height},resizable=yes,scrollbars=yes`,
    );
    if (!win) {
      window.alert(msg('allowPopupsAlert'));
      return;
    }
    popup.current = win;
    setExpired(false);
    await startIn(win);
  };

  /** Asks for the signing request and puts it in the popup; while every e-sign service is over budget, waits its turn. */
  const startIn = async (win: Window) => {
    if (win.closed) return queue.clear();
    try {
      const reply = await consent.mutateAsync({ eproId, documents: acknowledgementOf(documents) });
      if (!reply.status) throw new ApiError(reply.message, 200, reply.data);
      queue.clear();
      win.document.open();
      win.document.write(`<!doctype html><title>Aadhaar eSign</title><body>${reply.data.api_response}</body>`);
      win.document.close();
      (win.document.getElementById('esign-form') as HTMLFormElement | null)?.submit();
      session.set({ transactionId: reply.data.transaction_id });
      setSigning({ transactionId: reply.data.transaction_id, deadline: Date.now() + reply.data.expires_in * 1000 });
    } catch (err) {
      const place = queuePlaceOf(err);
      if (place) {
        // the popup stays open (a new one would need another tap) and the page shows the place
        return queue.onQueued(place, () => void startIn(win));
      }
      queue.clear();
      win.close();
      popup.current = null;
      toast.error(msg(err instanceof ApiError ? err : 'esignError'));
      if (err instanceof ApiError && typeof err.data.screen === 'string') go(err.data.screen);
    }
  };

  return (
    <div className="flex flex-col gap-4">
      {form.data.sign_again && (
        <p role="alert" data-testid="sign-again" className="rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm">
          {t('signAgain', { fields: form.data.sign_again.join(', ') })}
        </p>
      )}
      <p className="text-muted">{t('intro')}</p>
      <PdfPreview url={pdfLink} />
      <a
        href={`${pdfLink}&download=1`}
        download="account-opening-form.pdf"
        className="self-start font-semibold text-brand underline-offset-2 hover:underline"
      >
        {t('download')}
      </a>
      <p role="note" className="rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm text-ink">
        {msg('allowPopups')}
      </p>
      {expired && (
        <div role="alert" className="rounded-lg border border-danger bg-red-50 p-3 text-sm">
          <p className="font-bold text-danger">{msg('timeLimitExceeded')}</p>
          <p>{t('expiredNotice', { seconds: windowSeconds })}</p>
        </div>
      )}
      <section aria-labelledby="broker-documents" className="rounded-lg border border-slate-200 p-3 text-sm">
        <h2 id="broker-documents" className="mb-1 font-semibold">
          {t('documentsTitle')}
        </h2>
        <p className="mb-2 text-muted">{t('documentsIntro')}</p>
        <ul className="space-y-1" data-testid="broker-documents">
          {documents.map((d) => (
            <li key={d.key}>
              <a href={d.link} target="_blank" rel="noreferrer" className="text-brand underline">
                {t(`documents.${d.key}`)}
              </a>{' '}
              <span className="text-muted">
                ({t('documentVersion', { version: d.version })}
                {d.sample ? `, ${t('documentSample')}` : ''})
              </span>
            </li>
          ))}
        </ul>
        {registrations && (
          <div className="mt-3 text-muted" data-testid="broker-registrations">
            <p>{registrations.broker_name}</p>
            <p>{t('sebiRegistration', { number: registrations.sebi_registration })}</p>
            {registrations.exchange_member_codes.map((m) => (
              <p key={m.exchange}>{t('memberCode', { exchange: m.exchange, code: m.code })}</p>
            ))}
            <p>{t('dpId', { id: registrations.dp_id })}</p>
            {registrations.sample && <p>{t('sampleRegistrations')}</p>}
          </div>
        )}
      </section>
      <Checkbox
        label={t('documentsAgree')}
        checked={documentsRead}
        error={documentsError}
        onChange={(e) => {
          setDocumentsRead(e.target.checked);
          if (e.target.checked) setDocumentsError('');
        }}
      />
      <Checkbox
        label={t('agree')}
        checked={agreed}
        error={agreeError}
        onChange={(e) => {
          setAgreed(e.target.checked);
          if (e.target.checked) setAgreeError('');
        }}
      />
      {queue.shown}
      {signing ? (
        <div className="flex flex-col gap-2">
          <Countdown seconds={secondsLeft} />
          <p className="text-center text-sm text-muted">{t('inPopup')}</p>
        </div>
      ) : (
        <Button onClick={requestSign} loading={consent.isPending}>
          {t('signButton')}
        </Button>
      )}
      <Modal open={preModal} title={t('preModalTitle')} onClose={() => setPreModal(false)}>
        <p className="mb-2 font-semibold">
          {windowSeconds === ESIGN_WINDOW_S ? msg('esignSecondsLeft') : t('secondsLeft', { seconds: windowSeconds })}
        </p>
        <p className="mb-4 text-sm text-muted">{t('preModalText', { seconds: windowSeconds })}</p>
        <div className="flex flex-col gap-2">
          <Button onClick={() => void sign()}>{t('common:continue')}</Button>
          <Button variant="secondary" onClick={() => setPreModal(false)}>
            {t('cancel')}
          </Button>
        </div>
      </Modal>
    </div>
  );
}
