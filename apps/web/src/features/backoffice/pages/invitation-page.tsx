/**
 * /backoffice/invitation#token=…: a new staff member (or one whose password was reset) chooses
 * their own password through the link e-mailed to them, then sets up or gives their second factor
 * as at sign-in. The token travels in the address's fragment, never sent to a server but here.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { staffPasswordSchema } from '@ekyc/contracts/calls/backoffice-password';
import type { StaffMfaChallenge } from '@ekyc/contracts/calls/backoffice-mfa';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from '../../../i18n/use-translation';
import { z } from 'zod';
import { Button } from '../../../components/button';
import { LanguageSwitch } from '../../../components/language-switch';
import { TextField } from '../../../components/text-field';
import { Link, useNavigate } from '../../../lib/router';
import { useAcceptInvitation } from '../api/accept-invitation';
import { staffToken } from '../api/staff-client';
import { SecondFactorStep } from '../components/second-factor-step';

const formSchema = z.object({ password: staffPasswordSchema });
type Form = z.input<typeof formSchema>;

const tokenFromAddress = () => new URLSearchParams(window.location.hash.slice(1)).get('token') ?? '';

export default function InvitationPage() {
  const { t } = useTranslation('backoffice');
  const navigate = useNavigate();
  const accept = useAcceptInvitation();
  const [token] = useState(tokenFromAddress);
  const [failure, setFailure] = useState('');
  const [challenge, setChallenge] = useState<StaffMfaChallenge | null>(null);
  const form = useForm<Form>({ resolver: zodResolver(formSchema), defaultValues: { password: '' } });
  const open = (signedIn: string) => {
    staffToken.set(signedIn);
    void navigate('/backoffice/', { replace: true });
  };

  const submit = form.handleSubmit(async ({ password }) => {
    setFailure('');
    try {
      const reply = await accept.mutateAsync({ token, password });
      if (!reply.status) setFailure(t('invitation.invalid'));
      else if ('mfa' in reply.data) setChallenge(reply.data);
      else open(reply.data.token);
    } catch (err) {
      const message = (err as Error).message;
      if (message.startsWith('password: ')) form.setError('password', { message: message.slice(10) });
      else setFailure(message);
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
        <h1 className="mb-6 text-2xl font-bold">{t('invitation.title')}</h1>
        {challenge ? (
          <SecondFactorStep
            challenge={challenge}
            onRestart={() => void navigate('/backoffice/login', { replace: true })}
            onBack={() => void navigate('/backoffice/login', { replace: true })}
            onSignedIn={open}
          />
        ) : !token ? (
          <p role="alert" className="rounded-xl bg-white p-5 text-sm shadow-sm">
            {t('invitation.invalid')}
          </p>
        ) : (
          <form onSubmit={(e) => void submit(e)} noValidate className="rounded-xl bg-white p-5 shadow-sm">
            <p className="mb-4 text-sm">{t('invitation.intro')}</p>
            <TextField
              label={t('invitation.password')}
              type="password"
              autoComplete="new-password"
              error={form.formState.errors.password?.message}
              {...form.register('password')}
            />
            {failure && (
              <p role="alert" className="mb-3 text-sm text-danger">
                {failure}
              </p>
            )}
            <Button type="submit" loading={accept.isPending}>
              {t('invitation.submit')}
            </Button>
          </form>
        )}
        <p className="mt-4 text-center text-sm">
          <Link to="/backoffice/login">{t('login.back')}</Link>
        </p>
      </main>
    </div>
  );
}
