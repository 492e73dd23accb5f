/**
 * The Requests queue: clients' signed requests, four-eyed. A reviewer accepts (maker);
 * a checker or administrator other than the maker confirms, which sends the modification records to
 * the registries; either may reject with a coded reason. The server enforces each rule.
 */
import { SERVICE_REJECTION_REASONS, type ServiceRejectionReason } from '@ekyc/contracts/service-requests';
import { useState } from 'react';
import { useTranslation } from '../../../i18n/use-translation';
import { ScrollRegion } from '../../../components/scroll-region';
import { useMe } from '../api/get-me';
import { useDecideServiceRequest, useServiceRequests } from '../api/service-requests';
import { formatDateTime } from '../components/format';
import { QueryState } from '../components/query-state';

export default function ServiceRequestsPage() {
  const { t, i18n } = useTranslation('service-requests');
  const [which, setWhich] = useState<'open' | 'closed'>('open');
  const [reason, setReason] = useState<ServiceRejectionReason>('NOMINEE_DETAILS_INCOMPLETE');
  const query = useServiceRequests(which);
  const decide = useDecideServiceRequest();
  const me = useMe(true);
  return (
    <div className="flex flex-col gap-4">
      <h1 className="text-2xl font-bold">{t('heading')}</h1>
      <p className="text-sm text-muted">{t('intro')}</p>
      <div role="group" aria-label={t('show')} className="flex gap-2">
        {(['open', 'closed'] as const).map((w) => (
          <button
            key={w}
            type="button"
            aria-pressed={which === w}
            onClick={() => setWhich(w)}
            className={`rounded-md border px-3 py-2 text-sm font-semibold ${which === w ? 'border-brand bg-brand text-white' : 'border-slate-300 bg-white'}`}
          >
            {t(`which.${w}`)}
          </button>
        ))}
      </div>
      {decide.error && (
        <p role="alert" className="text-danger">
          {decide.error.message}
        </p>
      )}
      <QueryState query={query}>
        {(list) =>
          list.length === 0 ? (
            <p>{t('empty')}</p>
          ) : (
            <ScrollRegion label={t('heading')} className="rounded-xl bg-white shadow-sm">
              <table className="w-full min-w-[48rem] text-left text-sm">
                <thead>
                  <tr className="text-muted">
                    <th scope="col" className="p-2">
                      {t('number')}
                    </th>
                    <th scope="col" className="p-2">
                      {t('client')}
                    </th>
                    <th scope="col" className="p-2">
                      {t('request')}
                    </th>
                    <th scope="col" className="p-2">
                      {t('status')}
                    </th>
                    <th scope="col" className="p-2">
                      {t('actions')}
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {list.map((r) => {
                    const mine = r.accepted_by !== null && r.accepted_by === me.data?.id;
                    return (
                      <tr key={r.id} className="border-t border-slate-100 align-top">
                        <td className="p-2 font-mono">
                          {r.number}
                          <span className="block text-xs text-muted">
                            {formatDateTime(r.updated_at, i18n.language)}
                          </span>
                        </td>
                        <td className="p-2 font-mono">{r.client_code ?? '-'}</td>
                        <td className="p-2">
                          <span className="font-semibold">{t(`kind.${r.kind}`)}</span>
                          <ul className="list-none">
                            {r.summary.map((line) => (
                              <li key={line}>{line}</li>
                            ))}
                          </ul>
                          {r.modifications.length > 0 && (
                            <ul className="mt-1 list-none text-xs">
                              {r.modifications.map((m) => (
                                <li key={m.registry}>
                                  {m.registry}: {m.status}
                                  {m.reason && ` (${m.reason})`}
                                </li>
                              ))}
                            </ul>
                          )}
                        </td>
                        <td className="p-2">
                          {t(`state.${r.status}`)}
                          {r.accepted_by && r.status === 'in_review' && (
                            <span className="block text-xs text-muted">{t('accepted')}</span>
                          )}
                          {r.reason_code && <span className="block text-xs text-danger">{r.reason_code}</span>}
                        </td>
                        <td className="p-2">
                          {r.status === 'in_review' && (
                            <div className="flex flex-col gap-2">
                              {!r.accepted_by ? (
                                <button
                                  type="button"
                                  className="rounded-md bg-brand px-3 py-2 font-semibold text-white"
                                  onClick={() => decide.mutate({ id: r.id, action: 'accept' })}
                                >
                                  {t('accept', { number: r.number })}
                                </button>
                              ) : (
                                <button
                                  type="button"
                                  disabled={mine}
                                  title={mine ? t('notYours') : undefined}
                                  className="rounded-md bg-brand px-3 py-2 font-semibold text-white disabled:bg-slate-300 disabled:text-slate-600"
                                  onClick={() => decide.mutate({ id: r.id, action: 'confirm' })}
                                >
                                  {t('confirm', { number: r.number })}
                                </button>
                              )}
                              <label className="text-xs">
                                {t('reason')}
                                <select
                                  value={reason}
                                  onChange={(e) => setReason(e.target.value as ServiceRejectionReason)}
                                  className="mt-1 block w-full rounded-md border border-slate-300 p-1"
                                >
                                  {SERVICE_REJECTION_REASONS.map((code) => (
                                    <option key={code} value={code}>
                                      {code}
                                    </option>
                                  ))}
                                </select>
                              </label>
                              <button
                                type="button"
                                className="rounded-md border border-danger px-3 py-2 font-semibold text-danger"
                                onClick={() => decide.mutate({ id: r.id, action: 'reject', reason_code: reason })}
                              >
                                {t('reject', { number: r.number })}
                              </button>
                            </div>
                          )}
                        </td>
                      </tr>
                    );
                  })}
                </tbody>
              </table>
            </ScrollRegion>
          )
        }
      </QueryState>
    </div>
  );
}
