import { zodResolver } from '@hookform/resolvers/zod';
import { staffLoginBodySchema } from '@ekyc/contracts/calls/backoffice-login';
import type { StaffMfaChallenge } from '@ekyc/contracts/calls/backoffice-mfa';
import { useCallback, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from '../../../i18n/use-translation';
import { Navigate, useLocation, useNavigate } from '../../../lib/router';
import type { z } from 'zod';
import { Button } from '../../../components/button';
import { LanguageSwitch } from '../../../components/language-switch';
import { TextField } from '../../../components/text-field';
import { useLogIn } from '../api/log-in';
import { staffToken, useStaffToken } from '../api/staff-client';
import { SecondFactorStep } from '../components/second-factor-step';

type Form = z.input<typeof staffLoginBodySchema>;

export default function LoginPage() {
  const { t } = useTranslation('backoffice');
  const token = useStaffToken();
  const navigate = useNavigate();
  const from = (useLocation().state as { from?: string } | null)?.from ?? '/backoffice/';
  const logIn = useLogIn();
  const [failure, setFailure] = useState('');
  const [challenge, setChallenge] = useState<StaffMfaChallenge | null>(null);
  const restart = useCallback(() => {
    setChallenge(null);
    setFailure(t('login.expired'));
  }, [t]);
  const form = useForm<Form>({
    resolver: zodResolver(staffLoginBodySchema),
    defaultValues: { email: '', password: '' },
  });
  if (token && !logIn.isPending) return <Navigate to={from} replace />;

  const submit = form.handleSubmit(async (values) => {
    setFailure('');
    try {
      const reply = await logIn.mutateAsync(values as { email: string; password: string });
      if (!reply.status) setFailure(t('login.failed'));
      else if ('mfa' in reply.data) setChallenge(reply.data);
      else void navigate(from, { replace: true });
    } catch (err) {
      setFailure((err as Error).message);
    }
  });

  return (
    <div className="min-h-dvh">
      <header className="flex items-center bg-brand px-4 py-2 text-white">
        <span className="font-bold">{t('title')}</span>
        <span className="ml-auto">
          <LanguageSwitch />
        </span>
      </header>
      <main className="mx-auto mt-8 w-full max-w-sm px-4">
        <h1 className="mb-6 text-2xl font-bold">{t('login.title')}</h1>
        {challenge ? (
          <SecondFactorStep
            challenge={challenge}
            onRestart={restart}
            onBack={() => setChallenge(null)}
            onSignedIn={(signedIn) => {
              staffToken.set(signedIn);
              void navigate(from, { replace: true });
            }}
          />
        ) : (
          <form onSubmit={(e) => void submit(e)} noValidate className="rounded-xl bg-white p-5 shadow-sm">
            <TextField
              label={t('login.email')}
              type="email"
              autoComplete="username"
              inputMode="email"
              error={form.formState.errors.email?.message}
              {...form.register('email')}
            />
            <TextField
              label={t('login.password')}
              type="password"
              autoComplete="current-password"
              error={form.formState.errors.password?.message}
              {...form.register('password')}
            />
            {failure && (
              <p role="alert" className="mb-3 text-sm text-danger">
                {failure}
              </p>
            )}
            <Button type="submit" loading={logIn.isPending}>
              {t('login.submit')}
            </Button>
          </form>
        )}
      </main>
    </div>
  );
}
