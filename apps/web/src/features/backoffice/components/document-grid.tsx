import type { ReviewField } from '@ekyc/contracts/calls/backoffice-application';
import { useState } from 'react';
import { useTranslation } from '../../../i18n/use-translation';
import { DocumentViewer } from './document-viewer';
import { fieldLabel } from './section-card';

export interface DocumentItem {
  section: string;
  sectionTitle: string;
  field: ReviewField;
}

const isImage = (type: string, url: string) => type.startsWith('image/') || url.startsWith('data:image/');
const isPdf = (type: string) => type === 'application/pdf';

/** Every document side by side: the selfie beside the Aadhaar photo, signature, bank proof, signed PDF. */
export function DocumentGrid({ items }: { items: DocumentItem[] }) {
  const { t } = useTranslation(['backoffice', 'operations']);
  const [open, setOpen] = useState<{ url: string; name: string; isImage: boolean; isPdf?: boolean } | null>(null);
  return (
    <section aria-labelledby="documents-heading" className="rounded-xl bg-white p-4 shadow-sm">
      <h2 id="documents-heading" className="mb-3 text-lg font-bold">
        {t('review.documents')}
      </h2>
      {items.length === 0 ? (
        <p className="text-sm text-muted">{t('review.noDocuments')}</p>
      ) : (
        <ul className="grid grid-cols-2 gap-3 md:grid-cols-4">
          {items.map(({ section, sectionTitle, field }) => {
            const url = field.file?.url ?? String(field.value);
            const type = field.file?.content_type ?? (url.split(';')[0]?.slice(5) || '');
            const name = `${sectionTitle} › ${fieldLabel(field.path)}`;
            return (
              <li key={`${section}.${field.path}`} className="rounded-lg border border-slate-200 p-2">
                <p className="mb-1 truncate text-xs font-semibold text-muted" title={name}>
                  {name}
                </p>
                {isImage(type, url) ? (
                  <button
                    type="button"
                    className="block w-full"
                    aria-label={t('operations:documents.view', { name })}
                    onClick={() => setOpen({ url, name, isImage: true })}
                  >
                    <img
                      src={url}
                      alt={name}
                      loading="lazy"
                      className="h-40 w-full rounded bg-slate-100 object-contain"
                    />
                  </button>
                ) : isPdf(type) ? (
                  <button
                    type="button"
                    className="flex h-40 w-full items-center justify-center rounded bg-slate-100 p-2 text-center text-sm font-semibold text-brand underline"
                    aria-label={t('operations:documents.view', { name })}
                    onClick={() => setOpen({ url, name, isImage: false, isPdf: true })}
                  >
                    {t('review.openDocument', { name: fieldLabel(field.path) })}
                  </button>
                ) : (
                  <a
                    href={url}
                    target="_blank"
                    rel="noreferrer noopener"
                    className="flex h-40 items-center justify-center rounded bg-slate-100 p-2 text-center text-sm font-semibold text-brand underline"
                  >
                    {t('review.openDocument', { name: fieldLabel(field.path) })}
                  </a>
                )}
              </li>
            );
          })}
        </ul>
      )}
      {open && <DocumentViewer {...open} onClose={() => setOpen(null)} />}
    </section>
  );
}
