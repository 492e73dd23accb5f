import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Spinner } from '../../../components/spinner';

/**
 * The form in an iframe, from a blob URL: the file route answers with a sandboxing CSP, in which
 * browsers refuse their PDF viewer, so the bytes are fetched and shown from memory.
 */
export function PdfPreview({ url }: { url: string }) {
  const { t } = useTranslation('esign');
  const [blobUrl, setBlobUrl] = useState<string | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    let live = true;
    let created: string | null = null;
    fetch(url)
      .then((r) => (r.ok ? r.blob() : Promise.reject(new Error(String(r.status)))))
      .then((blob) => {
        created = URL.createObjectURL(new Blob([blob], { type: 'application/pdf' }));
        if (live) setBlobUrl(created);
      })
      .catch(() => live && setFailed(true));
    return () => {
      live = false;
      if (created) URL.revokeObjectURL(created);
    };
  }, [url]);
  if (failed) return <p className="text-sm text-muted">{t('previewFailed')}</p>;
  if (!blobUrl)
    return (
      <div className="flex h-64 items-center justify-center rounded-lg border border-slate-200 bg-white">
        <Spinner label={t('common:loading')} />
      </div>
    );
  return (
    <iframe
      title={t('previewTitle')}
      src={blobUrl}
      className="h-[60vh] min-h-80 w-full rounded-lg border border-slate-200 bg-white"
    />
  );
}
