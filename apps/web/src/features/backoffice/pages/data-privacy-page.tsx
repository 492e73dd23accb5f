/**
 * '/backoffice/privacy' (admins): a client's account closure, which starts the retention holds
 * (docs/operations.md, Retention), and personal-data breaches under the DPDP Rules: record one,
 * list whom it affects with their contacts (each listing audited), mark the Board notified before
 * the 72-hour report is due.
 */
import {
  BREACH_DATA_CLASSES,
  type Breach,
  type BreachDataClass,
  closeAccountBodySchema,
  recordBreachBodySchema,
} from '@ekyc/contracts/calls/backoffice-privacy';
import { type FormEvent, useState } from 'react';
import { useTranslation } from '../../../i18n/use-translation';
import { Button } from '../../../components/button';
import { TextField } from '../../../components/text-field';
import { toast } from '../../../lib/toast';
import { useCloseAccount } from '../api/close-account';
import { useMe } from '../api/get-me';
import { useBreachAffected } from '../api/list-breach-affected';
import { useBreaches } from '../api/list-breaches';
import { useMarkBoardNotified } from '../api/mark-breach-board-notified';
import { useRecordBreach } from '../api/record-breach';
import { formatDateTime } from '../components/format';
import { QueryState } from '../components/query-state';
import { ScrollRegion } from '../../../components/scroll-region';

const card = 'rounded-xl bg-white p-4 shadow-sm';
/** A datetime-local value (India time, the broker's) as an ISO moment. */
const istMoment = (local: string) => (local ? `${local}:00+05:30` : '');

function firstIssues(error: { issues: { path: PropertyKey[]; message: string }[] }): Record<string, string> {
  const out: Record<string, string> = {};
  for (const issue of error.issues) out[String(issue.path[0])] ??= issue.message;
  return out;
}

function CloseAccountForm() {
  const { t } = useTranslation('backoffice-privacy');
  const close = useCloseAccount();
  const [id, setId] = useState('');
  const [closedOn, setClosedOn] = useState('');
  const [reason, setReason] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [done, setDone] = useState<{ erase_on: string; kept: string[] } | null>(null);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const body = closeAccountBodySchema.safeParse({ closed_on: closedOn, reason });
    const issues = body.success ? {} : firstIssues(body.error);
    if (!id.trim()) issues.id = t('close.idRequired');
    setErrors(issues);
    if (!body.success || issues.id) return;
    try {
      const reply = await close.mutateAsync({ id: id.trim(), body: body.data });
      if (!reply.status) return toast.error(reply.message);
      setDone({ erase_on: reply.data.erase_on, kept: reply.data.kept.map((k) => k.record_class) });
      toast.success(t('close.done'));
    } catch (err) {
      toast.error((err as Error).message);
    }
  };
  return (
    <form onSubmit={(e) => void submit(e)} noValidate aria-labelledby="close-heading" className={card}>
      <h2 id="close-heading" className="mb-1 text-lg font-bold">
        {t('close.title')}
      </h2>
      <p className="mb-3 text-sm text-muted">{t('close.intro')}</p>
      <div className="grid gap-x-3 md:grid-cols-3">
        <TextField label={t('close.id')} value={id} onChange={(e) => setId(e.target.value)} error={errors.id} />
        <TextField
          label={t('close.closedOn')}
          type="date"
          value={closedOn}
          onChange={(e) => setClosedOn(e.target.value)}
          error={errors.closed_on}
        />
        <TextField
          label={t('close.reason')}
          value={reason}
          onChange={(e) => setReason(e.target.value)}
          error={errors.reason}
        />
      </div>
      <Button type="submit" className="md:!w-auto md:px-6" loading={close.isPending}>
        {t('close.submit')}
      </Button>
      {done && (
        <p role="status" data-testid="closure-result" className="mt-3 text-sm">
          {t('close.result', { date: done.erase_on, kept: done.kept.map((c) => t(`classes.${c}`)).join(', ') })}
        </p>
      )}
    </form>
  );
}

function RecordBreachForm() {
  const { t } = useTranslation('backoffice-privacy');
  const record = useRecordBreach();
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const [detected, setDetected] = useState('');
  const [description, setDescription] = useState('');
  const [classes, setClasses] = useState<BreachDataClass[]>([]);
  const [kind, setKind] = useState<'window' | 'applicants'>('window');
  const [ids, setIds] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const body = recordBreachBodySchema.safeParse({
      occurred_from: istMoment(from),
      occurred_to: istMoment(to),
      detected_at: istMoment(detected),
      description,
      data_classes: classes,
      selection:
        kind === 'window' ? { kind } : { kind, applicant_ids: ids.split(/[\s,]+/).filter((x) => x.length > 0) },
    });
    setErrors(body.success ? {} : firstIssues(body.error));
    if (!body.success) return;
    try {
      const reply = await record.mutateAsync(body.data);
      if (!reply.status) return toast.error(reply.message);
      toast.success(t('breach.recorded'));
      setDescription('');
      setClasses([]);
      setIds('');
    } catch (err) {
      toast.error((err as Error).message);
    }
  };
  const toggle = (c: BreachDataClass) =>
    setClasses((list) => (list.includes(c) ? list.filter((x) => x !== c) : [...list, c]));
  return (
    <form onSubmit={(e) => void submit(e)} noValidate aria-labelledby="breach-heading" className={card}>
      <h2 id="breach-heading" className="mb-1 text-lg font-bold">
        {t('breach.title')}
      </h2>
      <p className="mb-3 text-sm text-muted">{t('breach.intro')}</p>
      <div className="grid gap-x-3 md:grid-cols-3">
        <TextField
          label={t('breach.from')}
          type="datetime-local"
          value={from}
          onChange={(e) => setFrom(e.target.value)}
          error={errors.occurred_from}
        />
        <TextField
          label={t('breach.to')}
          type="datetime-local"
          value={to}
          onChange={(e) => setTo(e.target.value)}
          error={errors.occurred_to}
        />
        <TextField
          label={t('breach.detected')}
          type="datetime-local"
          value={detected}
          onChange={(e) => setDetected(e.target.value)}
          error={errors.detected_at}
        />
      </div>
      <label htmlFor="breach-description" className="mb-1 block text-sm font-semibold text-ink">
        {t('breach.description')}
      </label>
      <textarea
        id="breach-description"
        className="mb-1 w-full rounded-lg border border-slate-400 p-2"
        rows={3}
        value={description}
        aria-invalid={Boolean(errors.description)}
        onChange={(e) => setDescription(e.target.value)}
      />
      {errors.description && <p className="mb-2 text-sm text-danger">{errors.description}</p>}
      <fieldset className="mb-3">
        <legend className="mb-1 text-sm font-semibold">{t('breach.dataClasses')}</legend>
        <div className="flex flex-wrap gap-x-4 gap-y-1">
          {BREACH_DATA_CLASSES.map((c) => (
            <label key={c} className="flex items-center gap-1 text-sm">
              <input type="checkbox" checked={classes.includes(c)} onChange={() => toggle(c)} />
              {t(`dataClasses.${c}`)}
            </label>
          ))}
        </div>
        {errors.data_classes && <p className="text-sm text-danger">{errors.data_classes}</p>}
      </fieldset>
      <fieldset className="mb-3">
        <legend className="mb-1 text-sm font-semibold">{t('breach.whose')}</legend>
        <label className="mr-4 text-sm">
          <input type="radio" name="breach-kind" checked={kind === 'window'} onChange={() => setKind('window')} />{' '}
          {t('breach.window')}
        </label>
        <label className="text-sm">
          <input
            type="radio"
            name="breach-kind"
            checked={kind === 'applicants'}
            onChange={() => setKind('applicants')}
          />{' '}
          {t('breach.listed')}
        </label>
        {kind === 'applicants' && (
          <textarea
            aria-label={t('breach.ids')}
            className="mt-2 w-full rounded-lg border border-slate-400 p-2 font-mono text-sm"
            rows={3}
            value={ids}
            onChange={(e) => setIds(e.target.value)}
          />
        )}
        {errors.selection && <p className="text-sm text-danger">{errors.selection}</p>}
      </fieldset>
      <Button type="submit" className="md:!w-auto md:px-6" loading={record.isPending}>
        {t('breach.submit')}
      </Button>
    </form>
  );
}

function BreachItem({ breach }: { breach: Breach }) {
  const { t, i18n } = useTranslation('backoffice-privacy');
  const [showing, setShowing] = useState(false);
  const affected = useBreachAffected(showing ? breach.id : null);
  const notify = useMarkBoardNotified();
  const overdue = !breach.board_notified_at && Date.parse(breach.board_report_due) < Date.now();
  const when = (iso: string) => formatDateTime(iso, i18n.language);
  return (
    <li className="p-3" data-testid="breach">
      <p className="font-semibold">{breach.description}</p>
      <p className="text-sm text-muted">
        {t('list.window', { from: when(breach.occurred_from), to: when(breach.occurred_to) })} ·{' '}
        {breach.data_classes.map((c) => t(`dataClasses.${c}`)).join(', ')}
      </p>
      <p className={`text-sm font-semibold ${overdue ? 'text-danger' : ''}`}>
        {breach.board_notified_at
          ? t('list.notified', { date: when(breach.board_notified_at) })
          : t('list.due', { date: when(breach.board_report_due) })}
      </p>
      <div className="mt-2 flex flex-wrap gap-2">
        <button
          type="button"
          className="rounded-lg border border-slate-500 px-3 py-1.5 text-sm font-semibold"
          onClick={() => setShowing(true)}
        >
          {t('list.affected')}
        </button>
        {!breach.board_notified_at && (
          <button
            type="button"
            className="rounded-lg border border-slate-500 px-3 py-1.5 text-sm font-semibold"
            disabled={notify.isPending}
            onClick={() =>
              notify.mutate(breach.id, {
                onSuccess: (reply) =>
                  reply.status ? toast.success(t('list.markedNotified')) : toast.error(reply.message),
                onError: (err) => toast.error(err.message),
              })
            }
          >
            {t('list.markNotified')}
          </button>
        )}
      </div>
      {showing && (
        <QueryState query={affected}>
          {(data) => (
            <ScrollRegion label={t('list.affected')} className="mt-2">
              <p className="text-sm font-semibold">{t('list.count', { count: data.count })}</p>
              <table className="mt-1 w-full text-left text-sm">
                <thead>
                  <tr>
                    <th scope="col">{t('list.mobile')}</th>
                    <th scope="col">{t('list.email')}</th>
                    <th scope="col">{t('list.language')}</th>
                  </tr>
                </thead>
                <tbody>
                  {data.applicants.map((a) => (
                    <tr key={a.applicant_id}>
                      <td>{a.mobile}</td>
                      <td className="break-all">{a.email ?? '-'}</td>
                      <td>{a.language}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </ScrollRegion>
          )}
        </QueryState>
      )}
    </li>
  );
}

export default function DataPrivacyPage() {
  const { t } = useTranslation('backoffice-privacy');
  const me = useMe(true).data;
  const breaches = useBreaches(me?.role === 'admin');
  if (me && me.role !== 'admin') return <p role="alert">{t('adminOnly')}</p>;
  return (
    <div className="grid grid-cols-[minmax(0,1fr)] gap-4">
      <h1 className="text-2xl font-bold">{t('title')}</h1>
      <CloseAccountForm />
      <RecordBreachForm />
      <section aria-labelledby="breaches-heading" className={card}>
        <h2 id="breaches-heading" className="mb-2 text-lg font-bold">
          {t('list.title')}
        </h2>
        <QueryState query={breaches}>
          {(list) =>
            list.length ? (
              <ul className="divide-y divide-slate-200">
                {list.map((b) => (
                  <BreachItem key={b.id} breach={b} />
                ))}
              </ul>
            ) : (
              <p className="text-sm text-muted">{t('list.none')}</p>
            )
          }
        </QueryState>
      </section>
    </div>
  );
}
