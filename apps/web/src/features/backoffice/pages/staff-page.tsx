import { zodResolver } from '@hookform/resolvers/zod';
import { addStaffBodySchema } from '@ekyc/contracts/calls/backoffice-staff';
import { useForm } from 'react-hook-form';
import { useTranslation } from '../../../i18n/use-translation';
import type { z } from 'zod';
import { Button } from '../../../components/button';
import { TextField } from '../../../components/text-field';
import { toast } from '../../../lib/toast';
import { useAddStaff } from '../api/add-staff';
import { useMe } from '../api/get-me';
import { useStaffList } from '../api/list-staff';
import { useSetStaffActive } from '../api/set-staff-active';
import { useUnlockStaff } from '../api/unlock-staff';
import { useApproveStaffRole } from '../api/approve-staff-role';
import { useResetStaffMfa } from '../api/reset-staff-mfa';
import { formatDateTime } from '../components/format';
import { QueryState } from '../components/query-state';
import { SelectField } from '../components/select-field';

type Form = z.input<typeof addStaffBodySchema>;

function AddStaffForm() {
  const { t } = useTranslation('backoffice');
  const add = useAddStaff();
  const form = useForm<Form>({
    resolver: zodResolver(addStaffBodySchema),
    defaultValues: { email: '', name: '', role: 'reviewer', password: undefined },
  });
  const submit = form.handleSubmit(async (values) => {
    try {
      const reply = await add.mutateAsync(values as z.output<typeof addStaffBodySchema>);
      if (!reply.status) return toast.error(reply.message);
      toast.success(t('staff.added'));
      form.reset();
    } catch (err) {
      toast.error((err as Error).message);
    }
  });
  const errors = form.formState.errors;
  return (
    <form
      onSubmit={(e) => void submit(e)}
      noValidate
      aria-labelledby="add-staff-heading"
      className="rounded-xl bg-white p-4 shadow-sm"
    >
      <h2 id="add-staff-heading" className="mb-3 text-lg font-bold">
        {t('staff.add')}
      </h2>
      <div className="grid gap-x-3 md:grid-cols-2">
        <TextField
          label={t('staff.email')}
          type="email"
          autoComplete="off"
          error={errors.email?.message}
          {...form.register('email')}
        />
        <TextField label={t('staff.name')} autoComplete="off" error={errors.name?.message} {...form.register('name')} />
        <SelectField label={t('staff.role')} className="mb-4" {...form.register('role')}>
          <option value="reviewer">{t('staff.roles.reviewer')}</option>
          <option value="checker">{t('staff.roles.checker')}</option>
          <option value="supervisor">{t('staff.roles.supervisor')}</option>
          <option value="admin">{t('staff.roles.admin')}</option>
        </SelectField>
        <TextField
          label={t('staff.password')}
          type="password"
          autoComplete="new-password"
          hint={t('staff.passwordHint')}
          error={errors.password?.message}
          {...form.register('password', { setValueAs: (v: string | undefined) => v || undefined })}
        />
      </div>
      <Button type="submit" className="md:!w-auto md:px-6" loading={add.isPending}>
        {t('staff.addSubmit')}
      </Button>
    </form>
  );
}

export default function StaffPage() {
  const { t, i18n } = useTranslation('backoffice');
  const me = useMe(true).data;
  const list = useStaffList(me?.role === 'admin');
  const setActive = useSetStaffActive();
  const unlock = useUnlockStaff();
  const approveRole = useApproveStaffRole();
  const resetMfa = useResetStaffMfa();
  const action = 'rounded-lg border border-slate-500 px-3 py-1.5 text-sm font-semibold';
  if (me && me.role !== 'admin') return <p role="alert">{t('staff.adminOnly')}</p>;
  return (
    <div className="grid grid-cols-[minmax(0,1fr)] gap-4">
      <h1 className="text-2xl font-bold">{t('staff.title')}</h1>
      <QueryState query={list}>
        {(staff) => (
          <ul className="divide-y divide-slate-200 rounded-xl bg-white shadow-sm">
            {staff.map((s) => (
              <li key={s.id} className="flex flex-wrap items-center gap-x-4 gap-y-1 p-3">
                <span className="min-w-0 basis-full font-semibold sm:min-w-48 sm:basis-auto">
                  {s.name}
                  <span className="block break-all text-sm font-normal text-muted">{s.email}</span>
                </span>
                <span className="text-sm">{t(`staff.roles.${s.role}`)}</span>
                <span className={`text-sm font-semibold ${s.active ? 'text-success' : 'text-danger'}`}>
                  {t(s.active ? 'staff.active' : 'staff.disabled')}
                </span>
                {s.locked_until && (
                  <span className="text-sm font-semibold text-danger">
                    {t('staff.locked', { time: formatDateTime(s.locked_until, i18n.language) })}
                  </span>
                )}
                {s.pending_role && (
                  <span className="text-sm font-semibold text-amber-900">
                    {t('staff.pendingRole', { role: t(`staff.roles.${s.pending_role}`) })}
                  </span>
                )}
                <span className="text-sm">{t(s.mfa_enrolled ? 'staff.mfaOn' : 'staff.mfaOff')}</span>
                {s.mfa_reset_pending && (
                  <span className="text-sm font-semibold text-amber-900">{t('staff.mfaResetPending')}</span>
                )}
                <span className="text-sm text-muted">
                  {t('staff.lastLogin')}:{' '}
                  {s.last_login_at ? formatDateTime(s.last_login_at, i18n.language) : t('staff.never')}
                </span>
                {s.locked_until && (
                  <button
                    type="button"
                    className="ml-auto rounded-lg border border-slate-500 px-3 py-1.5 text-sm font-semibold"
                    disabled={unlock.isPending}
                    aria-label={`${t('staff.unlock')} ${s.email}`}
                    onClick={() =>
                      unlock.mutate(s.id, {
                        onSuccess: () => toast.success(t('staff.unlocked')),
                        onError: (err) => toast.error(err.message),
                      })
                    }
                  >
                    {t('staff.unlock')}
                  </button>
                )}
                {s.pending_role && s.id !== me?.id && (
                  <button
                    type="button"
                    className={action}
                    disabled={approveRole.isPending}
                    aria-label={`${t('staff.approveRole')} ${s.email}`}
                    onClick={() =>
                      approveRole.mutate(s.id, {
                        onSuccess: () => toast.success(t('staff.roleGranted')),
                        onError: (err) => toast.error(err.message),
                      })
                    }
                  >
                    {t('staff.approveRole')}
                  </button>
                )}
                {(s.mfa_enrolled || s.mfa_reset_pending) && s.id !== me?.id && (
                  <button
                    type="button"
                    className={action}
                    disabled={resetMfa.isPending}
                    aria-label={`${t('staff.resetMfa')} ${s.email}`}
                    onClick={() =>
                      resetMfa.mutate(s.id, {
                        onSuccess: (reply) =>
                          toast.success(
                            t(
                              reply.status && reply.data.staff.mfa_reset_pending
                                ? 'staff.mfaResetPending'
                                : 'staff.mfaResetDone',
                            ),
                          ),
                        onError: (err) => toast.error(err.message),
                      })
                    }
                  >
                    {t('staff.resetMfa')}
                  </button>
                )}
                {s.id !== me?.id && (
                  <button
                    type="button"
                    className={`${s.locked_until ? '' : 'ml-auto '}${action}`}
                    disabled={setActive.isPending}
                    aria-label={`${t(s.active ? 'staff.disable' : 'staff.enable')} ${s.email}`}
                    onClick={() =>
                      setActive.mutate({ id: s.id, active: !s.active }, { onError: (err) => toast.error(err.message) })
                    }
                  >
                    {t(s.active ? 'staff.disable' : 'staff.enable')}
                  </button>
                )}
              </li>
            ))}
          </ul>
        )}
      </QueryState>
      <AddStaffForm />
    </div>
  );
}
