/**
 * OTP entry shared by the mobile and email screens: Continue enabled only at 6 digits; a 30 s
 * countdown, 20 s after a resend, seconds in two digits; resend shown when it ends (section 4).
 * The seconds are the server's (send-otp's resend_after, the page's ?resend_after=), so the button
 * never offers a resend the server would refuse; the spec's figures stand in when none is given.
 */
import { OTP_COUNTDOWN_S, OTP_LENGTH, OTP_RESEND_COUNTDOWN_S } from '@ekyc/contracts/constants';
import { type FormEvent, type ReactNode, useEffect, useRef, useState } from 'react';
import { useTranslation } from '../../../i18n/use-translation';
import { Button } from '../../../components/button';
import { OtpInput } from '../../../components/otp-input';
import { ApiError, type Envelope } from '../../../lib/api-client';
import { toast } from '../../../lib/toast';
import { useMessage } from '../../../lib/use-message';
import { truncateContact } from '../client-info';

interface Props {
  contact: string;
  editLink: ReactNode;
  onVerify: (otp: string) => Promise<{ status: boolean; message: string }>;
  onResend: () => Promise<Envelope<{ resend_after: number }>>;
  /** The seconds the server asked to wait before a resend (the page's ?resend_after=), if known. */
  resendAfter: number | null;
}

/** A page's ?resend_after=, when it is a sensible number of seconds. */
export function resendAfterParam(value: string | null): number | null {
  const v = Number(value);
  return Number.isInteger(v) && v > 0 && v <= 600 ? v : null;
}

export function OtpForm({ contact, editLink, onVerify, onResend, resendAfter }: Props) {
  const { t } = useTranslation('signup');
  const msg = useMessage();
  const [otp, setOtp] = useState('');
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);
  const [deadline, setDeadline] = useState(() => Date.now() + (resendAfter ?? OTP_COUNTDOWN_S) * 1000);
  const [now, setNow] = useState(Date.now());
  const input = useRef<HTMLInputElement>(null);
  const seconds = Math.max(0, Math.ceil((deadline - now) / 1000));

  useEffect(() => {
    input.current?.focus();
  }, []);
  useEffect(() => {
    if (seconds === 0) return;
    const id = setInterval(() => setNow(Date.now()), 250);
    return () => clearInterval(id);
  }, [seconds]);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (otp.length !== OTP_LENGTH || busy) return;
    setBusy(true);
    setError(undefined);
    try {
      const r = await onVerify(otp);
      if (!r.status) {
        setError(msg(r));
        setOtp('');
        input.current?.focus();
      }
    } catch (err) {
      toast.error(msg(err instanceof ApiError ? err : undefined) || t('common:somethingWrong'));
    } finally {
      setBusy(false);
    }
  };

  const resend = async () => {
    setBusy(true);
    try {
      const r = await onResend();
      if (r.status) {
        setDeadline(Date.now() + (r.data.resend_after ?? OTP_RESEND_COUNTDOWN_S) * 1000);
        setNow(Date.now());
        setOtp('');
        setError(undefined);
        toast.success(t('otpResent'));
      } else toast.error(msg(r));
    } catch (err) {
      toast.error(msg(err instanceof ApiError ? err : undefined));
      // too soon: count down what the server says is left
      const left = err instanceof ApiError ? Number(err.data.resend_after) : NaN;
      if (Number.isFinite(left) && left > 0) {
        setDeadline(Date.now() + left * 1000);
        setNow(Date.now());
      }
    } finally {
      setBusy(false);
    }
  };

  return (
    <form onSubmit={submit} noValidate>
      <p className="mb-4 text-sm text-muted">
        {t('otpSentTo')} <strong className="text-ink">{truncateContact(contact)}</strong> {editLink}
      </p>
      <OtpInput ref={input} label={t('otpLabel')} value={otp} onChange={setOtp} error={error} disabled={busy} />
      <div className="mb-4 text-sm" aria-live="polite">
        {seconds > 0 ? (
          <span className="text-muted">{t('resendIn', { seconds: String(seconds).padStart(2, '0') })}</span>
        ) : (
          <Button variant="link" onClick={() => void resend()} disabled={busy}>
            {t('resend')}
          </Button>
        )}
      </div>
      <Button type="submit" disabled={otp.length !== OTP_LENGTH} loading={busy}>
        {t('common:continue')}
      </Button>
      <p className="mt-4 text-xs text-muted">
        {t('termsPrefix')}{' '}
        <a href="/pages/terms" target="_blank" rel="noopener" className="text-brand underline">
          {t('terms')}
        </a>
      </p>
    </form>
  );
}
