/**
 * A PDF the reviewer opens, drawn in the page by pdf.js (lib/pdf-pages.ts): the file itself is
 * served under `Content-Security-Policy: sandbox`, which a browser's own PDF viewer refuses to run
 * in a frame, and never as active content. Its bytes are fetched through the signed link and each
 * page is drawn on a canvas; a PDF that cannot be read says so, with the download beside it.
 */
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from '../../../i18n/use-translation';
import { downloadBytes } from '../../../lib/api-client';
import { isCancelled, openPdfPages, type PdfPage, type PdfPages } from '../../../lib/pdf-pages';

function PageCanvas({ page, width, label }: { page: PdfPage; width: number; label: string }) {
  const canvas = useRef<HTMLCanvasElement>(null);
  useEffect(() => {
    const el = canvas.current;
    if (!el || width <= 0) return;
    const drawing = page.draw(el, width);
    drawing.done.then(
      () => (el.dataset.drawn = 'true'),
      (err: unknown) => {
        if (!isCancelled(err)) el.dataset.drawn = 'failed';
      },
    );
    return () => drawing.cancel();
  }, [page, width]);
  return (
    <canvas
      ref={canvas}
      role="img"
      aria-label={label}
      className="mx-auto block bg-white shadow-sm ring-1 ring-slate-200"
      style={{ width, height: (width * page.height) / page.width }}
    />
  );
}

/** Opens the PDF at `url` (a signed link) and keeps it open while shown. */
export function usePdf(url: string): PdfPages | 'loading' | 'failed' {
  const [state, setState] = useState<PdfPages | 'loading' | 'failed'>('loading');
  useEffect(() => {
    let gone = false;
    let opened: PdfPages | null = null;
    const abort = new AbortController();
    setState('loading');
    openPdfPages(downloadBytes(url, { signal: abort.signal })).then(
      (doc) => {
        if (gone) doc.close();
        else setState((opened = doc));
      },
      () => !gone && setState('failed'),
    );
    return () => {
      gone = true;
      abort.abort();
      opened?.close();
    };
  }, [url]);
  return state;
}

/** Every page of the PDF, `width` CSS pixels wide (or only `pageIndex`). */
export function PdfDocument({
  url,
  name,
  width,
  pageIndex,
}: {
  url: string;
  name: string;
  width: number;
  pageIndex?: (pages: PdfPage[]) => Promise<number>;
}) {
  const { t } = useTranslation('backoffice-reports');
  const pdf = usePdf(url);
  const [only, setOnly] = useState<number | null>(null);
  useEffect(() => {
    if (typeof pdf === 'string' || !pageIndex) return;
    let gone = false;
    void pageIndex(pdf.pages).then((i) => !gone && setOnly(i));
    return () => {
      gone = true;
    };
  }, [pdf, pageIndex]);
  if (pdf === 'loading') return <p className="p-4 text-muted">{t('pdf.loading')}</p>;
  if (pdf === 'failed')
    return (
      <p role="alert" className="p-4 font-semibold text-danger">
        {t('pdf.failed')}
      </p>
    );
  const shown = pageIndex ? (only === null ? [] : [only]) : pdf.pages.map((_, i) => i);
  return (
    <div className="grid gap-3 py-2" data-testid="pdf-document" data-pages={pdf.pages.length}>
      {shown.map((i) => (
        <PageCanvas
          key={i}
          page={pdf.pages[i]!}
          width={width}
          label={t('pdf.page', { name, page: i + 1, pages: pdf.pages.length })}
        />
      ))}
    </div>
  );
}
