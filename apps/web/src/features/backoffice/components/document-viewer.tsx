/** A document opened large: zoom in and out, rotate by quarter turns (pictures), download; a PDF drawn by pdf.js. */
import { useState } from 'react';
import { useTranslation } from '../../../i18n/use-translation';
import { Modal } from '../../../components/modal';
import { PdfDocument } from './pdf-document';

/** The width a PDF page is drawn at, before zoom (CSS pixels). */
const PDF_WIDTH = 760;

export function DocumentViewer({
  url,
  name,
  isImage,
  isPdf = false,
  onClose,
}: {
  url: string;
  name: string;
  isImage: boolean;
  isPdf?: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation('operations');
  const [zoom, setZoom] = useState(1);
  const [turn, setTurn] = useState(0);
  const button = 'rounded-lg border border-slate-300 px-3 py-1.5 text-sm font-semibold';
  return (
    <Modal open title={name} onClose={onClose}>
      <div className="mb-2 flex flex-wrap gap-2">
        {(isImage || isPdf) && (
          <>
            <button type="button" className={button} onClick={() => setZoom((z) => Math.min(4, z + 0.5))}>
              {t('documents.zoomIn')}
            </button>
            <button type="button" className={button} onClick={() => setZoom((z) => Math.max(0.5, z - 0.5))}>
              {t('documents.zoomOut')}
            </button>
            {isImage && (
              <button type="button" className={button} onClick={() => setTurn((r) => (r + 90) % 360)}>
                {t('documents.rotate')}
              </button>
            )}
          </>
        )}
        <a href={url} download className={`${button} text-brand`}>
          {t('documents.download')}
        </a>
        <button type="button" className={`${button} ml-auto`} onClick={onClose}>
          {t('documents.close')}
        </button>
      </div>
      {/* a zoomed document scrolls in this box: reachable and scrollable by keyboard */}
      <div
        className={`flex h-[65vh] w-[min(80vw,56rem)] justify-center overflow-auto rounded bg-slate-100 ${isPdf ? 'items-start' : 'items-center'}`}
        tabIndex={0}
        role="region"
        aria-label={name}
      >
        {isImage ? (
          <img
            src={url}
            alt={name}
            data-zoom={zoom}
            data-rotation={turn}
            style={{ transform: `scale(${zoom}) rotate(${turn}deg)`, transition: 'transform 0.15s' }}
            className="max-h-full max-w-full object-contain"
          />
        ) : isPdf ? (
          <PdfDocument url={url} name={name} width={PDF_WIDTH * zoom} />
        ) : (
          <iframe title={name} src={url} className="h-full w-full" />
        )}
      </div>
    </Modal>
  );
}
