/**
 * The rules an application follows (docs/regulation.md): the set pinned when it started, earlier
 * moves, and each newer set in force with what it would change (rule, now, then, source). A
 * reviewer may move the application to a newer set, asked once more; the move is audited.
 */
import type { RuleDifference } from '@ekyc/contracts/regulation';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/button';
import { Modal } from '../../../components/modal';
import { toast } from '../../../lib/toast';
import { useMoveRuleSet, useRuleSet } from '../api/rule-set';
import { ScrollRegion } from '../../../components/scroll-region';

function Changes({ changes }: { changes: RuleDifference[] }) {
  const { t } = useTranslation('backoffice');
  return (
    <ScrollRegion label={t('ruleSet.heading')}>
      <table className="w-full text-left text-sm">
        <thead>
          <tr className="text-muted">
            <th scope="col" className="py-1 pr-3">
              {t('ruleSet.rule')}
            </th>
            <th scope="col" className="py-1 pr-3">
              {t('ruleSet.now')}
            </th>
            <th scope="col" className="py-1 pr-3">
              {t('ruleSet.then')}
            </th>
            <th scope="col" className="py-1">
              {t('ruleSet.source')}
            </th>
          </tr>
        </thead>
        <tbody>
          {changes.map((c) => (
            <tr key={c.key} className="border-t border-slate-100 align-top">
              <th scope="row" className="py-2 pr-3 font-semibold">
                {c.title}
              </th>
              <td className="py-2 pr-3">{c.before}</td>
              <td className="py-2 pr-3">{c.after}</td>
              <td className="py-2">
                {c.source.ref}
                {c.source.date && `, ${c.source.date}`}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </ScrollRegion>
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
