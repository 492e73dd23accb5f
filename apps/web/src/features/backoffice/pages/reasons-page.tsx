/**
 * '/backoffice/reasons' (administrators): the coded reasons reviewers choose when they send an
 * application back or close it, each in its current version: the stage a send-back sends the
 * applicant back to, the text in the five languages, whether it is still offered. Add a reason or
 * edit one (each save a new version; what an applicant already read keeps its version).
 */
import type { Reason } from '@ekyc/contracts/calls/backoffice-reasons';
import { LANGUAGE_NAMES, LANGUAGE_TAGS, LANGUAGES } from '@ekyc/contracts/constants';
import { useState } from 'react';
import { useTranslation } from '../../../i18n/use-translation';
import { Button } from '../../../components/button';
import { ScrollRegion } from '../../../components/scroll-region';
import { useReasons } from '../api/close-application';
import { useMe } from '../api/get-me';
import { formatDateTime } from '../components/format';
import { QueryState } from '../components/query-state';
import { ReasonForm } from '../components/reason-form';

export default function ReasonsPage() {
  const { t, i18n } = useTranslation(['backoffice-reasons', 'backoffice']);
  const me = useMe(true);
  const reasons = useReasons();
  const [editing, setEditing] = useState<Reason | 'new' | null>(null);
  if (me.data && me.data.role !== 'admin') return <p role="alert">{t('adminsOnly')}</p>;
  return (
    <div className="flex flex-col gap-4">
      <div className="flex flex-wrap items-center gap-3">
        <h1 className="text-2xl font-bold">{t('heading')}</h1>
        {editing === null && (
          <Button type="button" className="ml-auto !w-auto px-6" onClick={() => setEditing('new')}>
            {t('add')}
          </Button>
        )}
      </div>
      <p className="text-sm text-muted">{t('intro')}</p>
      {editing !== null && (
        <ReasonForm
          key={editing === 'new' ? 'new' : `${editing.code}@${editing.version}`}
          editing={editing === 'new' ? null : editing}
          onDone={() => setEditing(null)}
        />
      )}
      <QueryState query={reasons}>
        {({ reasons: list }) => (
          <ScrollRegion label={t('heading')} className="rounded-xl bg-white shadow-sm">
            <table className="w-full min-w-[48rem] text-left text-sm">
              <thead>
                <tr className="text-muted">
                  <th scope="col" className="p-2">
                    {t('columns.code')}
                  </th>
                  <th scope="col" className="p-2">
                    {t('columns.purpose')}
                  </th>
                  <th scope="col" className="p-2">
                    {t('columns.texts')}
                  </th>
                  <th scope="col" className="p-2">
                    {t('columns.version')}
                  </th>
                  <th scope="col" className="p-2">
                    <span className="sr-only">{t('columns.actions')}</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {list.map((r) => (
                  <tr
                    key={r.code}
                    data-testid="reason"
                    className={`border-t border-slate-100 align-top ${r.active ? '' : 'text-muted'}`}
                  >
                    <td className="p-2 font-mono">
                      {r.code}
                      {!r.active && <span className="ml-1 text-xs">({t('inactive')})</span>}
                    </td>
                    <td className="p-2">
                      {r.purpose === 'send_back'
                        ? t('sendsBackTo', { stage: t(`backoffice:stages.${r.stage}`) })
                        : t('purposes.close')}
                      <br />
                      <span className="text-xs text-muted">{t(`kinds.${r.kind}`)}</span>
                    </td>
                    <td className="p-2">
                      <dl className="grid grid-cols-[auto_1fr] gap-x-2">
                        {LANGUAGES.map((l) => (
                          <div key={l} className="contents">
                            <dt className="text-xs text-muted">{LANGUAGE_NAMES[l]}</dt>
                            <dd lang={LANGUAGE_TAGS[l]}>{r.texts[l]}</dd>
                          </div>
                        ))}
                      </dl>
                    </td>
                    <td className="p-2">
                      {r.version}
                      <br />
                      <span className="text-xs text-muted">{formatDateTime(r.changed_at, i18n.language)}</span>
                    </td>
                    <td className="p-2">
                      <Button
                        type="button"
                        variant="secondary"
                        className="!w-auto px-4 py-2 text-sm"
                        aria-label={t('editOne', { code: r.code })}
                        onClick={() => setEditing(r)}
                      >
                        {t('edit')}
                      </Button>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </ScrollRegion>
        )}
      </QueryState>
    </div>
  );
}
