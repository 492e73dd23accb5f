/**
 * The rules an application follows (docs/regulation.md): the set pinned when it started, earlier
 * moves, and each newer set in force with what it would change (rule, now, then, source). A
 * reviewer may move the application to a newer set, asked once more; the move is audited.
 */
import type { RuleDifference } from '@ekyc/contracts/regulation';
import { useState } from 'react';
import { useTranslation } from '../../../i18n/use-translation';
import { Button } from '../../../components/button';
import { Modal } from '../../../components/modal';
import { toast } from '../../../lib/toast';
import { useMoveRuleSet, useRuleSet } from '../api/rule-set';
import { DataTable } from '../../../components/data-table';

function Changes({ changes }: { changes: RuleDifference[] }) {
  const { t } = useTranslation('backoffice');
  return (
    <DataTable
      label={t('ruleSet.heading')}
      rows={changes}
      rowKey={(c) => c.key}
      columns={[
        { key: 'rule', header: t('ruleSet.rule'), cell: (c) => c.title },
        { key: 'now', header: t('ruleSet.now'), cell: (c) => c.before },
        { key: 'then', header: t('ruleSet.then'), cell: (c) => c.after },
        {
          key: 'source',
          header: t('ruleSet.source'),
          cell: (c) => `${c.source.ref}${c.source.date ? `, ${c.source.date}` : ''}`,
        },
      ]}
    />
  );
}

export function RuleSetPanel({ applicationId }: { applicationId: string }) {
  const { t } = useTranslation('backoffice');
  const query = useRuleSet(applicationId);
  const move = useMoveRuleSet(applicationId);
  const [asking, setAsking] = useState<string | null>(null);
  const data = query.data;
  if (!data) return null;

  const confirm = async () => {
    if (!asking) return;
    try {
      await move.mutateAsync(asking);
      toast.success(t('ruleSet.moved', { id: asking }));
    } catch (err) {
      toast.error((err as Error).message);
    } finally {
      setAsking(null);
    }
  };

  return (
    <section aria-labelledby="rule-set-heading" className="rounded-xl bg-white p-4 shadow-sm" data-testid="rule-set">
      <h2 id="rule-set-heading" className="mb-1 text-lg font-bold">
        {t('ruleSet.heading')}
      </h2>
      <p className="text-sm">{t('ruleSet.pinned', { id: data.id, started: data.started_on })}</p>
      {data.moves.map((m) => (
        <p key={m.at} className="mt-1 text-sm text-muted">
          {t('ruleSet.earlierMove', { from: m.from, to: m.to, at: m.at.slice(0, 10) })}
        </p>
      ))}
      {data.newer.length === 0 ? (
        <p className="mt-2 text-sm text-muted">{t('ruleSet.current')}</p>
      ) : (
        data.newer.map((n) => (
          <div key={n.id} className="mt-3 rounded-lg border border-slate-200 p-3">
            <h3 className="mb-2 font-semibold">{t('ruleSet.newer', { id: n.id, count: n.changes.length })}</h3>
            <Changes changes={n.changes} />
            <Button className="mt-2 !w-auto px-3 py-1" onClick={() => setAsking(n.id)}>
              {t('ruleSet.move', { id: n.id })}
            </Button>
          </div>
        ))
      )}
      {asking && (
        <Modal open title={t('ruleSet.askMove', { id: asking })} onClose={() => setAsking(null)}>
          <p className="mb-3">{t('ruleSet.askMoveBody')}</p>
          <div className="flex gap-2">
            <Button variant="secondary" onClick={() => setAsking(null)}>
              {t('cancel')}
            </Button>
            <Button loading={move.isPending} onClick={() => void confirm()}>
              {t('ruleSet.yesMove')}
            </Button>
          </div>
        </Modal>
      )}
    </section>
  );
}
