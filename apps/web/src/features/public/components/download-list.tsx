/** /pages/downloads: the forms of content/downloads.json, each a file under public/downloads/. */
import downloadsFile from '../content/downloads.json';
import type { Downloads } from '../content/content-schemas';
import { usePublicTranslation } from '../hooks/use-public-translation';
import { formatIsoDate, inLanguage } from '../locale';

const DOWNLOADS: Downloads = downloadsFile;

export default function DownloadList() {
  const { t, lng } = usePublicTranslation();
  return (
    <section aria-labelledby="forms" className="mt-6">
      <h2 id="forms" className="text-xl font-bold">
        {t('pages.downloads.formsTitle')}
      </h2>
      <ul className="mt-3 space-y-3">
        {DOWNLOADS.forms.map((form) => {
          const format = t(`pages.downloads.formats.${form.file.endsWith('.pdf') ? 'pdf' : 'txt'}`);
          return (
            <li key={form.id} className="rounded-xl bg-white p-4 shadow-sm" data-download={form.id}>
              <a href={`/downloads/${form.file}`} className="font-semibold text-brand underline">
                {inLanguage(form.title, lng)}
                <span className="sr-only"> ({format})</span>
              </a>{' '}
              <span aria-hidden="true" className="rounded bg-slate-100 px-1.5 py-0.5 text-xs font-semibold text-ink">
                {format}
              </span>
              <p className="mt-1 text-sm">{inLanguage(form.description, lng)}</p>
              <p className="mt-1 text-xs text-muted">
                {t('pages.downloads.revised', { date: formatIsoDate(lng, form.revised) })}
              </p>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
