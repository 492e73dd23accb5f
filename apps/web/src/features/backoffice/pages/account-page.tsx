/**
 * /backoffice/account: the signed-in member's own account. Where the second factor is optional
 * (STAFF_MFA=optional) a member who has none sets up an authenticator app here; from then on their
 * sign-in asks a code. The recovery codes are shown once.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { staffOwnMfaConfirmBodySchema } from '@ekyc/contracts/calls/backoffice-own-mfa';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from '../../../i18n/use-translation';
import type { z } from 'zod';
import { Button } from '../../../components/button';
import { TextField } from '../../../components/text-field';
import { useMe } from '../api/get-me';
import { useConfirmOwnMfa, useEnrolOwnMfa } from '../api/own-mfa';

type Form = z.input<typeof staffOwnMfaConfirmBodySchema>;

export default function AccountPage() {
  const { t } = useTranslation('backoffice');
  const me = useMe(true);
  const enrol = useEnrolOwnMfa();
  const confirm = useConfirmOwnMfa();
  const [failure, setFailure] = useState('');
  const [recovery, setRecovery] = useState<string[] | null>(null);
  const form = useForm<Form>({ resolver: zodResolver(staffOwnMfaConfirmBodySchema), defaultValues: { code: '' } });
  const enrolment = enrol.data?.status ? enrol.data.data : null;

  const submit = form.handleSubmit(async ({ code }) => {
    setFailure('');
    try {
      const reply = await confirm.mutateAsync(code);
      if (reply.status) setRecovery(reply.data.recovery_codes);
      else {
        setFailure(t('login.mfaFailed'));
        form.setFocus('code');
      }
    } catch (err) {
      setFailure((err as Error).message);
    }
  });

  return (
    <section className="mx-auto mt-4 w-full max-w-md" aria-labelledby="account-heading">
      <h1 id="account-heading" className="mb-4 text-2xl font-bold">
        {t('account.title')}
      </h1>
      <div className="rounded-xl bg-white p-5 shadow-sm">
        <h2 className="mb-2 text-lg font-bold">{t('account.mfaTitle')}</h2>
        {recovery ? (
          <>
            <p className="mb-2 text-sm font-semibold">{t('account.mfaOn')}</p>
            <h3 className="mb-2 font-bold">{t('login.recoveryTitle')}</h3>
            <p className="mb-3 text-sm">{t('login.recoveryIntro')}</p>
            <ul aria-label={t('login.recoveryTitle')} className="grid grid-cols-2 gap-2 font-mono text-sm">
              {recovery.map((code) => (
                <li key={code} className="rounded bg-slate-100 px-2 py-1 text-center">
                  {code}
                </li>
              ))}
            </ul>
          </>
        ) : me.data?.mfa_enrolled ? (
          <p className="text-sm">{t('account.mfaOn')}</p>
        ) : enrolment ? (
          <form onSubmit={(e) => void submit(e)} noValidate>
            <p className="mb-3 text-sm">{t('login.enrolIntro')}</p>
            <img
              src={enrolment.qr_code}
              alt={t('login.enrolQr')}
              width={192}
              height={192}
              className="mx-auto mb-3 rounded bg-white"
            />
            <p className="text-sm">{t('login.enrolSecret')}</p>
            <p className="mb-3 break-all font-mono text-sm" data-testid="mfa-secret">
              {enrolment.secret}
            </p>
            <TextField
              label={t('login.mfaCode')}
              autoComplete="one-time-code"
              inputMode="numeric"
              error={form.formState.errors.code?.message}
              {...form.register('code')}
            />
            {failure && (
              <p role="alert" className="mb-3 text-sm text-danger">
                {failure}
              </p>
            )}
            <Button type="submit" loading={confirm.isPending}>
              {t('account.mfaConfirm')}
            </Button>
          </form>
        ) : (
          <>
            <p className="mb-3 text-sm">{t('account.mfaOff')}</p>
            <Button loading={enrol.isPending} onClick={() => enrol.mutate()}>
              {t('account.mfaStart')}
            </Button>
          </>
        )}
      </div>
    </section>
  );
}
