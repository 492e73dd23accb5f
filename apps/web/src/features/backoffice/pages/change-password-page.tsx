/**
 * Shown instead of every back-office page while the signed-in account must replace a password
 * someone else chose (the first administrator's, outside sandbox mode). The server refuses every
 * other call until then; a guessable password is refused with the reason under the field.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { changePasswordBodySchema } from '@ekyc/contracts/calls/backoffice-password';
import { useForm } from 'react-hook-form';
import { useTranslation } from '../../../i18n/use-translation';
import type { z } from 'zod';
import { Button } from '../../../components/button';
import { TextField } from '../../../components/text-field';
import { toast } from '../../../lib/toast';
import { useChangePassword } from '../api/change-password';

type Form = z.input<typeof changePasswordBodySchema>;
const FIELDS = ['current_password', 'new_password'] as const;

export default function ChangePasswordPage() {
  const { t } = useTranslation('backoffice');
  const change = useChangePassword();
  const form = useForm<Form>({
    resolver: zodResolver(changePasswordBodySchema),
    defaultValues: { current_password: '', new_password: '' },
  });
  const submit = form.handleSubmit(async (values) => {
    try {
      const reply = await change.mutateAsync(values);
      if (reply.status) toast.success(t('changePassword.done'));
      else toast.error(reply.message);
    } catch (err) {
      // "field: reason" from the server goes under its field
      const message = (err as Error).message;
      const field = FIELDS.find((f) => message.startsWith(`${f}: `));
      if (field) form.setError(field, { message: message.slice(field.length + 2) });
      else toast.error(message);
    }
  });
  const errors = form.formState.errors;
  return (
    <section className="mx-auto mt-4 w-full max-w-md" aria-labelledby="change-password-heading">
      <h1 id="change-password-heading" className="mb-2 text-2xl font-bold">
        {t('changePassword.title')}
      </h1>
      <p className="mb-4 text-sm">{t('changePassword.intro')}</p>
      <form onSubmit={(e) => void submit(e)} noValidate className="rounded-xl bg-white p-5 shadow-sm">
        <TextField
          label={t('changePassword.current')}
          type="password"
          autoComplete="current-password"
          error={errors.current_password?.message}
          {...form.register('current_password')}
        />
        <TextField
          label={t('changePassword.new')}
          type="password"
          autoComplete="new-password"
          error={errors.new_password?.message}
          {...form.register('new_password')}
        />
        <Button type="submit" loading={change.isPending}>
          {t('changePassword.submit')}
        </Button>
      </form>
    </section>
  );
}
