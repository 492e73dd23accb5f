import type { ReviewField } from '@ekyc/contracts/calls/backoffice-application';
import { useTranslation } from '../../../i18n/use-translation';
import { humanLabel } from './field-labels';

/** Readable label of a stored field path, in the spec's words (field-labels.ts). */
export const fieldLabel = humanLabel;

/** One collected section as a list of label and value. */
export function SectionCard({ title, fields }: { title: string; fields: ReviewField[] }) {
  const { t } = useTranslation('backoffice');
  const shown = fields.filter((f) => !f.file && f.path !== 'is_object');
  return (
    <section className="rounded-xl bg-white p-4 shadow-sm">
      <h3 className="mb-2 font-bold">{title}</h3>
      {shown.length === 0 ? (
        <p className="text-sm text-muted">{t('review.empty')}</p>
      ) : (
        <dl className="grid grid-cols-[minmax(8rem,40%)_1fr] gap-x-3 gap-y-1 text-sm">
          {shown.map((f) => (
            <div key={f.path} className="contents">
              <dt className="break-words text-muted" title={f.path}>
                {fieldLabel(f.path)}
              </dt>
              <dd className="break-words font-medium">
                {f.value === null
                  ? '—'
                  : typeof f.value === 'boolean'
                    ? t(f.value ? 'review.yes' : 'review.no')
                    : String(f.value).startsWith('data:')
                      ? '[data]'
                      : String(f.value)}
              </dd>
            </div>
          ))}
        </dl>
      )}
    </section>
  );
}
