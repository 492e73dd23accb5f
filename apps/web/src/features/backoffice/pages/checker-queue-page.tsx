/**
 * The checker's queue: the applications whose every stage a maker accepted,
 * oldest first, with the maker's note; "Next to confirm" opens the oldest the checker may confirm
 * (never one they accepted); selected applications are confirmed in bulk, each on its own.
 */
import { useState } from 'react';
import { useTranslation } from '../../../i18n/use-translation';
import { Button } from '../../../components/button';
import { Modal } from '../../../components/modal';
import { ScrollRegion } from '../../../components/scroll-region';
import { toast } from '../../../lib/toast';
import { Link, useNavigate } from '../../../lib/router';
import { useBulkConfirm } from '../api/bulk-confirm';
import { nextAwaiting, useAwaitingConfirmation } from '../api/list-awaiting-confirmation';
import { QueryState } from '../components/query-state';

export default function CheckerQueuePage() {
  const { t } = useTranslation(['operations', 'backoffice']);
  const [page] = useState(1);
  const awaiting = useAwaitingConfirmation(page);
  const bulk = useBulkConfirm();
  const navigate = useNavigate();
  const [selected, setSelected] = useState<string[]>([]);
  const [asking, setAsking] = useState(false);

  const openNext = async () => {
    try {
      const id = await nextAwaiting();
      if (id) navigate(`/backoffice/applications/${id}`);
      else toast.show('info', t('flow.checker.noNext'));
    } catch (err) {
      toast.error((err as Error).message);
    }
  };
  const confirmSelected = async () => {
    try {
      const { results } = await bulk.mutateAsync(selected);
      const confirmed = results.filter((r) => r.outcome === 'confirmed').length;
      toast.success(t('flow.checker.bulkDone', { confirmed, skipped: results.length - confirmed }));
      for (const r of results) if (r.reason) toast.error(r.reason);
      setSelected([]);
    } catch (err) {
      toast.error((err as Error).message);
    }
    setAsking(false);
  };

  return (
    <>
      <div className="mb-3 flex flex-wrap items-center gap-2">
        <h1 className="text-2xl font-bold">{t('flow.checker.title')}</h1>
        <Button className="ml-auto !w-auto px-3 py-2 text-sm" variant="secondary" onClick={() => void openNext()}>
          {t('flow.checker.next')}
        </Button>
        <Button
          className="!w-auto px-3 py-2 text-sm"
          disabled={!selected.length}
          onClick={() => setAsking(true)}
          loading={bulk.isPending}
        >
          {t('flow.checker.confirmSelected', { count: selected.length })}
        </Button>
      </div>
      <QueryState query={awaiting}>
        {(data) =>
          data.items.length === 0 ? (
            <p className="rounded-xl bg-white p-4 shadow-sm">{t('flow.checker.empty')}</p>
          ) : (
            <ScrollRegion label={t('flow.checker.title')} className="rounded-xl bg-white shadow-sm">
              <table className="w-full text-left text-sm" data-testid="awaiting-table">
                <thead>
                  <tr className="border-b">
                    <th className="p-2">
                      <span className="sr-only">{t('flow.checker.select', { name: '' })}</span>
                    </th>
                    <th className="p-2">{t('flow.checker.applicant')}</th>
                    <th className="p-2">{t('flow.checker.makers')}</th>
                    <th className="p-2">{t('flow.checker.note')}</th>
                    <th className="p-2">{t('flow.checker.waiting')}</th>
                  </tr>
                </thead>
                <tbody>
                  {data.items.map((item) => (
                    <tr key={item.id} className="border-b align-top" data-testid="awaiting-row">
                      <td className="p-2">
                        {item.can_confirm ? (
                          <input
                            type="checkbox"
                            aria-label={t('flow.checker.select', { name: item.name ?? item.mobile })}
                            checked={selected.includes(item.id)}
                            onChange={(e) =>
                              setSelected((s) => (e.target.checked ? [...s, item.id] : s.filter((x) => x !== item.id)))
                            }
                          />
                        ) : (
                          <span className="text-xs text-muted">{t('flow.checker.yours')}</span>
                        )}
                      </td>
                      <td className="p-2">
                        <Link to={`/backoffice/applications/${item.id}`} className="text-brand hover:underline">
                          {item.name ?? item.mobile}
                        </Link>
                        <span className="block text-xs text-muted">{item.mobile}</span>
                        {item.held_segments.length > 0 && (
                          <span data-testid="partial-flag" className="block text-xs font-semibold text-amber-800">
                            {t('backoffice:segmentHolds.queueFlag', { count: item.held_segments.length })}
                          </span>
                        )}
                      </td>
                      <td className="p-2">{item.makers.join(', ')}</td>
                      <td className="p-2 break-words">{item.note ?? '—'}</td>
                      <td className="p-2">{new Date(item.waiting_since).toLocaleString('en-IN')}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </ScrollRegion>
          )
        }
      </QueryState>
      {asking && (
        <Modal open title={t('flow.checker.askBulk', { count: selected.length })} onClose={() => setAsking(false)}>
          <p className="mb-3">{t('flow.checker.askBulkBody')}</p>
          <div className="flex gap-2">
            <Button variant="secondary" onClick={() => setAsking(false)}>
              {t('backoffice:cancel')}
            </Button>
            <Button loading={bulk.isPending} onClick={() => void confirmSelected()}>
              {t('flow.acceptAll.confirm')}
            </Button>
          </div>
        </Modal>
      )}
    </>
  );
}
