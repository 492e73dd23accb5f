/**
 * The sign-in's second step: the code from the authenticator app (or a recovery code), after first
 * setting the app up when the account must enrol (QR code and the key as text). Right after
 * enrolling, the recovery codes are shown once before the back office opens.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { staffMfaCodeSchema, type StaffMfaChallenge } from '@ekyc/contracts/calls/backoffice-mfa';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from '../../../i18n/use-translation';
import { z } from 'zod';
import { Button } from '../../../components/button';
import { TextField } from '../../../components/text-field';
import { ApiError } from '../../../lib/api-client';
import { useEnrolMfa } from '../api/enrol-mfa';
import { useVerifyMfa } from '../api/verify-mfa';

const formSchema = z.object({ code: staffMfaCodeSchema });
type Form = z.input<typeof formSchema>;

export function SecondFactorStep({
  challenge,
  onSignedIn,
  onRestart,
  onBack,
}: {
  challenge: StaffMfaChallenge;
  onSignedIn: (token: string) => void;
  /** The challenge expired: back to the password, saying so. */
  onRestart: () => void;
  onBack: () => void;
}) {
  const { t } = useTranslation('backoffice');
  const enrol = useEnrolMfa();
  const verify = useVerifyMfa();
  const [failure, setFailure] = useState('');
  const [recovery, setRecovery] = useState<{ token: string; codes: string[] } | null>(null);
  const form = useForm<Form>({ resolver: zodResolver(formSchema), defaultValues: { code: '' } });
  const enrolling = challenge.mfa === 'enrol';
  const { mutate: startEnrolment } = enrol;

  useEffect(() => {
    if (enrolling) startEnrolment(challenge.challenge, { onError: onRestart });
  }, [enrolling, challenge.challenge, startEnrolment, onRestart]);

  const submit = form.handleSubmit(async ({ code }) => {
    setFailure('');
    try {
      const reply = await verify.mutateAsync({ challenge: challenge.challenge, code });
      if (!reply.status) {
        setFailure(t('login.mfaFailed'));
        form.setFocus('code');
      } else if (reply.data.recovery_codes?.length)
        setRecovery({ token: reply.data.token, codes: reply.data.recovery_codes });
      else onSignedIn(reply.data.token);
    } catch (err) {
      if (err instanceof ApiError && err.httpStatus === 401) onRestart();
      else setFailure((err as Error).message);
    }
  });

  if (recovery)
    return (
      <section aria-labelledby="recovery-title" className="rounded-xl bg-white p-5 shadow-sm">
        <h2 id="recovery-title" className="mb-2 text-lg font-bold">
          {t('login.recoveryTitle')}
        </h2>
        <p className="mb-3 text-sm">{t('login.recoveryIntro')}</p>
        <ul aria-label={t('login.recoveryTitle')} className="mb-4 grid grid-cols-2 gap-2 font-mono text-sm">
          {recovery.codes.map((code) => (
            <li key={code} className="rounded bg-slate-100 px-2 py-1 text-center">
              {code}
            </li>
          ))}
        </ul>
        <Button onClick={() => onSignedIn(recovery.token)}>{t('login.recoveryDone')}</Button>
      </section>
    );

  const enrolment = enrol.data?.status ? enrol.data.data : null;
  return (
    <form
      onSubmit={(e) => void submit(e)}
      noValidate
      aria-labelledby="mfa-title"
      className="rounded-xl bg-white p-5 shadow-sm"
    >
      <h2 id="mfa-title" className="mb-2 text-lg font-bold">
        {enrolling ? t('login.enrolTitle') : t('login.mfaTitle')}
      </h2>
      {enrolling && (
        <div className="mb-4">
          <p className="mb-3 text-sm">{t('login.enrolIntro')}</p>
          {enrolment ? (
            <>
              <img
                src={enrolment.qr_code}
                alt={t('login.enrolQr')}
                width={192}
                height={192}
                className="mx-auto mb-3 rounded bg-white"
              />
              <p className="text-sm">{t('login.enrolSecret')}</p>
              <p className="break-all font-mono text-sm" data-testid="mfa-secret">
                {enrolment.secret}
              </p>
            </>
          ) : (
            <span role="status" aria-live="polite" className="block h-48 animate-pulse rounded bg-slate-100">
              <span className="sr-only">{t('login.enrolLoading')}</span>
            </span>
          )}
        </div>
      )}
      <TextField
        label={t('login.mfaCode')}
        hint={enrolling ? undefined : t('login.mfaHint')}
        autoComplete="one-time-code"
        inputMode={enrolling ? 'numeric' : 'text'}
        autoFocus
        error={form.formState.errors.code?.message}
        {...form.register('code')}
      />
      {failure && (
        <p role="alert" className="mb-3 text-sm text-danger">
          {failure}
        </p>
      )}
      <Button type="submit" loading={verify.isPending} disabled={enrolling && !enrolment}>
        {t('login.mfaSubmit')}
      </Button>
      <Button variant="link" className="mt-4 w-full" onClick={onBack}>
        {t('login.back')}
      </Button>
    </form>
  );
}
