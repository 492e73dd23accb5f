/**
 * '/bank-and-segment/upi': pay ₹1 from any UPI app (UPI intent on a phone, a QR on a desktop: a
 * reverse penny drop that names the paying account), or, where collect is allowed, a UPI id with
 * handle suggestions after the @ sign. On success a collect
 * request waits in the applicant's UPI app: the wait screen says 'Please Check your UPI App for
 * verification' and watches the record's second element for the vpa_callback, for at most 58 s
 * (section 9). Verified: 'Bank Verified successfully' and on to the next stage; otherwise the
 * message or 'Your Bank yet not verified' and back to /bank-and-segment.
 */
import { UPI_LOADER_S, UPI_WAIT_S } from '@ekyc/contracts/constants';
import { upiHandleSuggestions, upiIdSchema } from '@ekyc/contracts/rules';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from '../../../i18n/use-translation';
import { Button } from '../../../components/button';
import { PageLoader, Spinner } from '../../../components/spinner';
import { TextField } from '../../../components/text-field';
import { UpiPayPrompt } from '../../../components/upi-pay';
import { useScreenNavigate } from '../../../lib/navigation';
import { toast } from '../../../lib/toast';
import { type Said, type Saying, saidIn, useMessage } from '../../../lib/use-message';
import { useStageAction } from '../../../lib/use-stage-action';
import { USER_DETAILS_KEY } from '../../../lib/user-details';
import { useBankConfig } from '../api/get-bank-config';
import { useStartUpiIntent } from '../api/start-upi-intent';
import { useValidateVpa } from '../api/validate-vpa';
import { useBankRecord } from '../hooks/use-bank-record';
import { ROUTE } from '@ekyc/contracts/stages';

const POLL_MS = 3000;

export default function UpiPage() {
  const { t } = useTranslation('bank');
  const msg = useMessage();
  const go = useScreenNavigate();
  const { bank, isLoading, details, vpaCallback } = useBankRecord();
  const validate = useValidateVpa();
  const intent = useStartUpiIntent();
  const config = useBankConfig();
  const collect = config.data?.upi_collect ?? true;
  const [vpa, setVpa] = useState<string | null>(null);
  const [error, setError] = useState<Said | undefined>();
  const [waiting, setWaiting] = useState<{
    since: number;
    appUrl?: string;
    pay?: { upiLink: string; qr?: string };
  } | null>(null);
  const listId = useId();
  // a refusal says why and stays here, unless it names another step (the cheque after the attempts)
  const refused = (reply: { data: { screen?: string } }) => {
    if (reply.data.screen && reply.data.screen !== ROUTE.upi) go(reply.data.screen);
  };
  const validateVpa = useStageAction(validate.mutateAsync, {
    quietSuccess: true,
    followScreen: false,
    onSuccess: (data, reply) => {
      if (data.status_description === 'Success') return setWaiting({ since: Date.now(), appUrl: data.upi_app_url });
      toast.error(msg(reply));
      refused(reply);
    },
    onRefused: refused,
  });
  const payByApp = useStageAction(intent.mutateAsync, {
    quietSuccess: true,
    followScreen: false,
    onSuccess: (data, reply) => {
      if (data.status_description === 'Success' && data.upi_link)
        return setWaiting({
          since: Date.now(),
          appUrl: data.upi_app_url,
          pay: { upiLink: data.upi_link, qr: data.qr_svg },
        });
      toast.error(msg(reply));
      refused(reply);
    },
    onRefused: refused,
  });

  if (isLoading || !details) return <PageLoader label={t('common:loading')} />;
  if (waiting)
    return (
      <UpiWait
        since={waiting.since}
        appUrl={waiting.appUrl}
        pay={waiting.pay}
        callback={vpaCallback}
        onDone={(ok, said, screen) => {
          if (ok) toast.success(msg(said));
          else toast.error(msg(said));
          go(screen);
        }}
      />
    );

  const locked = vpa === null && Boolean(bank.vpa_id);
  const value = vpa ?? bank.vpa_id ?? '';
  const suggestions = locked ? [] : upiHandleSuggestions(value).slice(0, 6);

  const submit = () => {
    const parsed = upiIdSchema.safeParse(value);
    if (!parsed.success) return setError(parsed.error.issues[0] && saidIn(parsed.error.issues[0]));
    setError(undefined);
    void validateVpa({ vpa_id: parsed.data });
  };

  const payPanel = (
    <section className="mb-6 rounded-lg border border-slate-200 p-4">
      <p className="mb-3 text-muted">{t('intentIntro')}</p>
      <Button type="button" loading={intent.isPending} onClick={() => void payByApp()}>
        {t('intentButton')}
      </Button>
    </section>
  );
  if (!collect) return payPanel;

  return (
    <>
      {payPanel}
      <p className="mb-4 text-center text-sm text-muted">{t('intentOr')}</p>
      <form
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          void submit();
        }}
      >
        <p className="mb-4 text-muted">{t('upiIntro')}</p>
        <TextField
          label={t('upiIdLabel')}
          autoComplete="off"
          autoCapitalize="none"
          spellCheck={false}
          inputMode="email"
          placeholder="name@upi"
          noClipboard
          readOnly={locked}
          value={value}
          error={msg(error)}
          aria-controls={suggestions.length ? listId : undefined}
          hint={
            locked && bank.bank_verify_edit !== false ? (
              <Button variant="link" className="w-auto" onClick={() => setVpa('')}>
                {t('common:edit')}
              </Button>
            ) : (
              t('upiHint')
            )
          }
          onChange={(e) => {
            setVpa(e.target.value.trim());
            if (error) setError(undefined);
          }}
        />
        {suggestions.length > 0 && (
          <ul id={listId} aria-label={t('suggestions')} className="-mt-2 mb-4 flex flex-wrap gap-2">
            {suggestions.map((s) => (
              <li key={s}>
                <button
                  type="button"
                  onClick={() => setVpa(s)}
                  className="rounded-full border border-slate-500 px-3 py-1 text-sm hover:border-brand"
                >
                  @{s.split('@')[1]}
                </button>
              </li>
            ))}
          </ul>
        )}
        <p className="mb-4 text-sm text-muted">{t('upiNote')}</p>
        <Button type="submit" loading={validate.isPending} disabled={value.length === 0}>
          {t('common:continue')}
        </Button>
      </form>
    </>
  );
}

/** Waits for the UPI app's answer: live via the profile socket, with a poll as a fallback. */
function UpiWait({
  since,
  appUrl,
  pay,
  callback,
  onDone,
}: {
  since: number;
  appUrl?: string;
  /** A UPI intent: the link opens the UPI app on a phone; the QR is for a phone's camera. */
  pay?: { upiLink: string; qr?: string };
  callback?: { status: string; message: string; code?: string; screen: string; updated_at: string };
  onDone: (ok: boolean, said: Saying, screen: string) => void;
}) {
  const { t } = useTranslation('bank');
  const msg = useMessage();
  const client = useQueryClient();
  const [now, setNow] = useState(Date.now());
  const done = useRef(false);
  const elapsed = Math.floor((now - since) / 1000);

  useEffect(() => {
    const tick = setInterval(() => setNow(Date.now()), 1000);
    const poll = setInterval(() => void client.invalidateQueries({ queryKey: USER_DETAILS_KEY }), POLL_MS);
    return () => {
      clearInterval(tick);
      clearInterval(poll);
    };
  }, [client]);

  // The stage guard leaves this page as soon as the stage moves on; the answer is still announced.
  useEffect(
    () => () => {
      if (done.current) return;
      const record =
        client.getQueryData<[unknown, { vpa_callback?: { status: string; updated_at: string } }]>(USER_DETAILS_KEY);
      const answer = record?.[1]?.vpa_callback;
      if (answer?.status === 'Success' && Date.parse(answer.updated_at) >= since - 2000)
        toast.success(msg('bankVerified'));
    },
    [client, since, msg],
  );

  useEffect(() => {
    if (done.current) return;
    // Only an answer to this request counts (a callback written after it was sent).
    const fresh = callback && Date.parse(callback.updated_at) >= since - 2000;
    if (fresh) {
      done.current = true;
      onDone(
        callback.status === 'Success',
        callback.status === 'Success' ? 'bankVerified' : callback.message ? callback : 'bankNotVerified',
        callback.screen,
      );
    } else if (elapsed >= UPI_WAIT_S) {
      done.current = true;
      onDone(false, 'bankNotVerified', ROUTE.bankMethod);
    }
  }, [callback, elapsed, since, onDone]);

  const left = Math.max(0, UPI_WAIT_S - elapsed);
  return (
    <div className="py-4 text-center" aria-live="polite">
      <div
        className="mx-auto mb-4 flex h-24 w-24 items-center justify-center rounded-full border-4 border-brand/20"
        role="progressbar"
        aria-valuemin={0}
        aria-valuemax={UPI_LOADER_S}
        aria-valuenow={elapsed}
        aria-label={t('waitingLabel')}
      >
        <Spinner />
        <span className="ml-1 text-lg font-bold tabular-nums">{String(left).padStart(2, '0')}</span>
      </div>
      <p className="mb-2 text-lg font-semibold">{msg('upiCheckApp')}</p>
      <p className="mb-4 text-sm text-muted">{pay ? t('intentWaitText') : t('waitText')}</p>
      {pay && (
        <UpiPayPrompt upiLink={pay.upiLink} qr={pay.qr} openLabel={t('intentOpenApp')} qrAlt={t('intentQrAlt')} />
      )}
      {appUrl && (
        <a href={appUrl} target="_blank" rel="noreferrer" className="font-semibold text-brand underline">
          {t('openSandboxApp')}
        </a>
      )}
    </div>
  );
}
