import { useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { useTranslation } from '../../../i18n/use-translation';
import { Button } from '../../../components/button';
import { Spinner } from '../../../components/spinner';
import { usePdfPages } from '../hooks/use-pdf-pages';
import type { PdfPage } from '../../../lib/pdf-pages';
import { PdfPageCanvas } from './pdf-page-canvas';

/** 1 is the page as wide as the preview: on a phone, the width the applicant starts reading at. */
const ZOOMS = [0.5, 0.75, 1, 1.25, 1.5, 2, 2.5, 3];
const FIT = ZOOMS.indexOf(1);
/** The space around the pages inside the preview (p-2). */
const INSET = 8;

/**
 * The account-opening form as page images drawn by pdf.js (a framed PDF is a 290 px wide A4 on a
 * phone, and many phones show no PDF in a frame at all): the pages as wide as the screen, zoom
 * out, in and back to that width, 'Page 2 of 3' as the form scrolls, each page drawn as it comes
 * into view. The download link beside it opens the tagged PDF itself for a screen reader.
 */
export function PdfPreview({ url }: { url: string }) {
  // a new link is a new document: the preview starts over rather than mixing the two
  return <FormPages key={url} url={url} />;
}

function FormPages({ url }: { url: string }) {
  const { t } = useTranslation('esign');
  const pdf = usePdfPages(url);
  const [drawFailed, setDrawFailed] = useState(false);
  const failed = useCallback(() => setDrawFailed(true), []);

  if (pdf.status === 'failed' || drawFailed)
    return (
      <div className="flex flex-col items-start gap-3 rounded-lg border border-slate-200 bg-white p-4">
        <p className="text-sm text-muted">{t('previewFailed')}</p>
        <Button
          variant="secondary"
          className="!w-auto px-6 py-2"
          onClick={() => {
            setDrawFailed(false);
            pdf.retry();
          }}
        >
          {t('common:retry')}
        </Button>
      </div>
    );
  return <PageViewer pages={pdf.status === 'ready' ? pdf.pages : null} onFailed={failed} />;
}

/**
 * The toolbar and the pages' scrolling box, of the same size while the form loads (`pages` null)
 * as once it is shown: what sits below the preview (the agree box, the sign button) stays where it
 * is when the pages arrive, rather than jumping away from a finger or a click on its way to it.
 */
function PageViewer({ pages, onFailed }: { pages: PdfPage[] | null; onFailed: () => void }) {
  const { t } = useTranslation('esign');
  const [box, setBox] = useState<HTMLDivElement | null>(null);
  const [fitWidth, setFitWidth] = useState(0);
  const [zoomIndex, setZoomIndex] = useState(FIT);
  const [current, setCurrent] = useState(1);
  const keepCentre = useRef<{ left: number; top: number } | null>(null);
  const zoom = ZOOMS[zoomIndex]!;
  const total = pages?.length ?? 0;

  useEffect(() => {
    if (!box) return;
    const measure = () => setFitWidth(Math.max(0, box.clientWidth - 2 * INSET));
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(box);
    return () => observer.disconnect();
  }, [box]);

  /** The page whose top has passed the upper third of the preview; the last one once scrolled to the end. */
  const findCurrent = useCallback(() => {
    if (!box) return;
    if (box.scrollTop > 0 && box.scrollTop + box.clientHeight >= box.scrollHeight - 1) return setCurrent(total);
    const line = box.scrollTop + box.clientHeight / 3;
    let page = 1;
    box.querySelectorAll('canvas').forEach((canvas, i) => {
      if (canvas.offsetTop <= line) page = i + 1;
    });
    setCurrent(page);
  }, [box, total]);

  const setZoom = (next: number) => {
    if (box) {
      // the point in the middle of the preview stays in the middle at the new size
      const ratio = ZOOMS[next]! / zoom;
      keepCentre.current = {
        left: (box.scrollLeft + box.clientWidth / 2) * ratio - box.clientWidth / 2,
        top: (box.scrollTop + box.clientHeight / 2) * ratio - box.clientHeight / 2,
      };
    }
    setZoomIndex(next);
  };

  const pageWidth = Math.floor(fitWidth * zoom);
  useLayoutEffect(() => {
    const centre = keepCentre.current;
    keepCentre.current = null;
    if (box && centre) box.scrollTo(centre.left, centre.top);
    findCurrent();
  }, [box, pageWidth, findCurrent]);

  const toolButton =
    'inline-flex min-h-11 min-w-11 items-center justify-center rounded-lg border border-slate-300 bg-white px-2 font-semibold text-brand hover:bg-blue-50 disabled:cursor-not-allowed disabled:text-slate-400';
  return (
    <div className="flex flex-col gap-2">
      <div className="flex flex-wrap items-center justify-between gap-2">
        {/* while loading, held in place unseen (and unread) at the width it will have */}
        <p className={`text-sm font-semibold text-ink ${pages ? '' : 'invisible'}`}>
          {t('pageOf', { page: current, total: Math.max(total, 1) })}
        </p>
        <div role="group" aria-label={t('zoom')} className="flex flex-wrap items-center gap-1">
          <button
            type="button"
            className={toolButton}
            aria-label={t('zoomOut')}
            title={t('zoomOut')}
            disabled={!pages || zoomIndex === 0}
            onClick={() => setZoom(zoomIndex - 1)}
          >
            <span aria-hidden="true" className="text-xl leading-none">
              −
            </span>
          </button>
          <output aria-live="polite" className="w-12 text-center text-sm tabular-nums text-ink">
            {Math.round(zoom * 100)}%
          </output>
          <button
            type="button"
            className={toolButton}
            aria-label={t('zoomIn')}
            title={t('zoomIn')}
            disabled={!pages || zoomIndex === ZOOMS.length - 1}
            onClick={() => setZoom(zoomIndex + 1)}
          >
            <span aria-hidden="true" className="text-xl leading-none">
              +
            </span>
          </button>
          <button
            type="button"
            className={`${toolButton} text-sm`}
            disabled={!pages || zoomIndex === FIT}
            onClick={() => setZoom(FIT)}
          >
            {t('zoomReset')}
          </button>
        </div>
      </div>
      <div
        ref={setBox}
        role="region"
        aria-label={t('previewTitle')}
        // a scrolling region is reached with the keyboard too
        tabIndex={0}
        onScroll={findCurrent}
        aria-busy={!pages}
        // one height from the first frame: a form's pages are taller than this at any screen width
        className="relative h-[70vh] overflow-auto rounded-lg border border-slate-200 bg-slate-100 [scrollbar-gutter:stable]"
      >
        {!pages && (
          <div className="absolute inset-0 flex items-center justify-center text-muted">
            <Spinner label={t('common:loading')} />
          </div>
        )}
        <div className="flex w-max min-w-full flex-col items-center gap-2 p-2">
          {fitWidth > 0 &&
            pages?.map((page, i) => (
              <PdfPageCanvas
                key={i}
                page={page}
                width={pageWidth}
                label={t('pageLabel', { page: i + 1, total })}
                root={box}
                onFailed={onFailed}
              />
            ))}
        </div>
      </div>
    </div>
  );
}
