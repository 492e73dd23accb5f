import type { SignedChangesData } from '@ekyc/contracts/calls/backoffice-application';
import { useTranslation } from '../../../i18n/use-translation';
import { DataTable } from '../../../components/data-table';
import { formatDateTime } from './format';

/**
 * The data the signed form prints that changed after signing, each field old and new with the
 * stage that collected it (that stage waits for a decision again): while the applicant has to sign
 * the new version, and once they did.
 */
export function SignedChanges({ changes }: { changes: SignedChangesData | null }) {
  const { t, i18n } = useTranslation('backoffice');
  if (!changes) return null;
  const date = changes.signed_at ? formatDateTime(changes.signed_at, i18n.language) : '—';
  const awaiting = changes.state === 'awaiting_signature';
  return (
    <section
      aria-labelledby="signed-changes-heading"
      data-testid="signed-changes"
      data-state={changes.state}
      className={`rounded-xl border p-4 shadow-sm ${awaiting ? 'border-amber-300 bg-amber-50' : 'border-slate-200 bg-white'}`}
    >
      <h2 id="signed-changes-heading" className="mb-1 text-lg font-bold">
        {t('review.signedChanges.title')}
      </h2>
      <p className="mb-2 text-sm">{t(`review.signedChanges.${awaiting ? 'awaiting' : 'signedAgain'}`, { date })}</p>
      <DataTable
        label={`${t('review.signedChanges.title')} (${changes.fields.length})`}
        rows={changes.fields}
        rowKey={(f) => `${f.stage}-${f.label}`}
        rowData={(f) => ({ 'data-field': f.label })}
        columns={[
          { key: 'field', header: t('review.signedChanges.columns.field'), cell: (f) => f.label },
          {
            key: 'stage',
            header: t('review.signedChanges.columns.stage'),
            cell: (f) => t(`stages.${f.stage}`, { defaultValue: String(f.stage) }),
          },
          {
            key: 'signed',
            header: t('review.signedChanges.columns.signed'),
            className: 'font-mono',
            cell: (f) => <del className="text-danger">{f.old || '—'}</del>,
          },
          {
            key: 'now',
            header: t('review.signedChanges.columns.now'),
            className: 'font-mono font-semibold',
            cell: (f) => <ins className="text-success no-underline">{f.new || '—'}</ins>,
          },
        ]}
      />
    </section>
  );
}
