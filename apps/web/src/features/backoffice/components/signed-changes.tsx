import type { SignedChangesData } from '@ekyc/contracts/calls/backoffice-application';
import { useTranslation } from 'react-i18next';
import { ScrollRegion } from '../../../components/scroll-region';
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
      <ScrollRegion label={`${t('review.signedChanges.title')} (${changes.fields.length})`}>
        <table className="w-full text-left text-sm">
          <thead className="text-muted">
            <tr>
              {(['field', 'stage', 'signed', 'now'] as const).map((c) => (
                <th key={c} scope="col" className="py-1 pr-3 font-normal">
                  {t(`review.signedChanges.columns.${c}`)}
                </th>
              ))}
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-200">
            {changes.fields.map((f) => (
              <tr key={`${f.stage}-${f.label}`} data-field={f.label}>
                <th scope="row" className="py-1.5 pr-3 font-semibold">
                  {f.label}
                </th>
                <td className="py-1.5 pr-3">{t(`stages.${f.stage}`, { defaultValue: String(f.stage) })}</td>
                <td className="py-1.5 pr-3 font-mono">
                  <del className="text-danger">{f.old || '—'}</del>
                </td>
                <td className="py-1.5 font-mono font-semibold">
                  <ins className="text-success no-underline">{f.new || '—'}</ins>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </ScrollRegion>
    </section>
  );
}
