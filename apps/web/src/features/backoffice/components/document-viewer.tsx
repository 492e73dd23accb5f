/** A document opened large: zoom in and out, rotate by quarter turns, download. */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Modal } from '../../../components/modal';

export function DocumentViewer({
  url,
  name,
  isImage,
  onClose,
}: {
  url: string;
  name: string;
  isImage: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation('operations');
  const [zoom, setZoom] = useState(1);
  const [turn, setTurn] = useState(0);
  const button = 'rounded-lg border border-slate-300 px-3 py-1.5 text-sm font-semibold';
  return (
    <Modal open title={name} onClose={onClose}>
      <div className="mb-2 flex flex-wrap gap-2">
        {isImage && (
          <>
            <button type="button" className={button} onClick={() => setZoom((z) => Math.min(4, z + 0.5))}>
              {t('documents.zoomIn')}
            </button>
            <button type="button" className={button} onClick={() => setZoom((z) => Math.max(0.5, z - 0.5))}>
              {t('documents.zoomOut')}
            </button>
            <button type="button" className={button} onClick={() => setTurn((r) => (r + 90) % 360)}>
              {t('documents.rotate')}
            </button>
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
        className="flex h-[65vh] w-[min(80vw,56rem)] items-center justify-center overflow-auto rounded bg-slate-100"
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
        ) : (
          <iframe title={name} src={url} className="h-full w-full" />
        )}
      </div>
    </Modal>
  );
}
