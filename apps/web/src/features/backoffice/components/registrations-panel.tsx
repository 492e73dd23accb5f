/**
 * After approval: each registration the client needs (exchange UCC, BO account, KRA, CKYC) with
 * its status, reference, attempts, last error and deadline; late ones are flagged, and a rejected
 * or on-hold one can be sent again once the data is corrected.
 */
import type { RegistrationEntry } from '@ekyc/contracts/calls/backoffice-registrations';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useTranslation } from '../../../i18n/use-translation';
import { Button } from '../../../components/button';
import { DataTable } from '../../../components/data-table';
import { toast } from '../../../lib/toast';
import { applicationKey } from '../api/get-application';
import { useRegistrations } from '../api/list-registrations';
import { useRetryRegistration } from '../api/retry-registration';
import { CorrectionApprovals } from './correction-approvals';
import { CorrectionForm } from './correction-form';
import { formatDateTime } from './format';

const STATUS_STYLE: Record<RegistrationEntry['status'], string> = {
  pending: 'bg-slate-200 text-slate-800',
  submitted: 'bg-sky-100 text-sky-900',
  accepted: 'bg-green-100 text-success',
  rejected: 'bg-red-100 text-danger',
  on_hold: 'bg-amber-100 text-amber-900',
  failed: 'bg-red-200 text-danger',
};

export function RegistrationsPanel({ applicationId, approved }: { applicationId: string; approved: boolean }) {
  const { t, i18n } = useTranslation('registrations');
  const query = useRegistrations(applicationId, approved);
  const retry = useRetryRegistration(applicationId);
  const list = query.data ?? [];
  const client = useQueryClient();
  const accepted = list.filter((r) => r.status === 'accepted').length;
  // the application's status (Completed, the client code) moves with the registrations
  useEffect(() => {
    if (accepted) void client.invalidateQueries({ queryKey: applicationKey(applicationId) });
  }, [accepted, applicationId, client]);
  if (!list.length) return null;

  const send = async (kind: RegistrationEntry['kind']) => {
    try {
      const reply = await retry.mutateAsync(kind);
      if (reply.status) toast.success(t('sentAgain', { kind: t(`kind.${kind}`) }));
      else toast.error(reply.message);
    } catch (err) {
      toast.error((err as Error).message);
    }
  };

  return (
    <section
      aria-labelledby="registrations-heading"
      className="rounded-xl bg-white p-4 shadow-sm"
      data-testid="registrations"
    >
      <h2 id="registrations-heading" className="mb-2 text-lg font-bold">
        {t('heading')}
      </h2>
      <DataTable
        label={t('heading')}
        rows={list}
        rowKey={(r) => r.kind}
        rowData={(r) => ({ 'data-testid': `registration-${r.kind}` })}
        columns={[
          { key: 'registration', header: t('col.registration'), cell: (r) => t(`kind.${r.kind}`) },
          {
            key: 'status',
            header: t('col.status'),
            cell: (r) => (
              <>
                <span
                  className={`inline-block rounded-full px-2 py-0.5 text-xs font-semibold ${STATUS_STYLE[r.status]}`}
                >
                  {t(`status.${r.status}`)}
                </span>
                {r.late && (
                  <span className="ml-1 inline-block rounded-full bg-red-600 px-2 py-0.5 text-xs font-semibold text-white">
                    {t('late')}
                  </span>
                )}
              </>
            ),
          },
          { key: 'reference', header: t('col.reference'), className: 'font-mono', cell: (r) => r.reference ?? '—' },
          { key: 'attempts', header: t('col.attempts'), cell: (r) => r.attempts },
          {
            key: 'deadline',
            header: t('col.deadline'),
            cell: (r) => (r.deadline_at ? formatDateTime(r.deadline_at, i18n.language) : r.deadline_rule),
          },
          { key: 'lastError', header: t('col.lastError'), cell: (r) => r.last_error ?? '—' },
          {
            key: 'retry',
            header: '',
            cell: (r) =>
              (r.status === 'rejected' || r.status === 'on_hold' || r.status === 'failed') && (
                <Button
                  className="!w-auto px-3 py-1"
                  loading={retry.isPending && retry.variables === r.kind}
                  onClick={() => void send(r.kind)}
                  aria-label={t('retryKind', { kind: t(`kind.${r.kind}`) })}
                >
                  {t('retry')}
                </Button>
              ),
          },
        ]}
      />
      <CorrectionApprovals applicationId={applicationId} />
      {list.some((r) => r.status === 'rejected' || r.status === 'on_hold') && (
        <CorrectionForm applicationId={applicationId} />
      )}
    </section>
  );
}
