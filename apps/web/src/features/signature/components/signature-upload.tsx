/**
 * Uploading a signature image (PNG or JPEG, at most 5 MB): cropped at 16/9 with zoom steps of 0.1
 * and quarter-turn rotation, or sent as it is (section 2).
 */
import { SIGNATURE_CROP_ASPECT, SIGNATURE_ROTATION_STEP, SIGNATURE_ZOOM_STEP } from '@ekyc/contracts/constants';
import type { MessageKey } from '@ekyc/contracts/messages';
import { uploadAccept, uploadError } from '@ekyc/contracts/rules';
import { useCallback, useEffect, useId, useState } from 'react';
import Cropper, { type Area } from 'react-easy-crop';
import { useTranslation } from '../../../i18n/use-translation';
import { Button } from '../../../components/button';
import { FileField } from '../../../components/file-field';
import { fileToDataUrl } from '../../../lib/file-data-url';
import { useMessage } from '../../../lib/use-message';
import { cropToPng } from './crop-image';

export interface UploadedSignature {
  dataUrl: string;
  documentType: 'png' | 'jpeg';
}

const MIN_ZOOM = 1;
const MAX_ZOOM = 3;

export function SignatureUpload({
  onSubmit,
  submitting,
}: {
  onSubmit: (signature: UploadedSignature) => void;
  submitting: boolean;
}) {
  const { t } = useTranslation('signature');
  const msg = useMessage();
  const zoomId = useId();
  const [error, setError] = useState<MessageKey | null>(null);
  const [source, setSource] = useState<UploadedSignature | null>(null);
  const [mode, setMode] = useState<'crop' | 'original'>('crop');
  const [crop, setCrop] = useState({ x: 0, y: 0 });
  const [zoom, setZoom] = useState(MIN_ZOOM);
  const [rotation, setRotation] = useState(0);
  const [area, setArea] = useState<Area | null>(null);
  const [working, setWorking] = useState(false);

  useEffect(() => setArea(null), [source]);

  const onFile = async (file: File | undefined) => {
    setError(null);
    if (!file) return;
    const problem = uploadError('signature', file);
    if (problem) {
      setSource(null);
      return setError(problem);
    }
    setSource({ dataUrl: await fileToDataUrl(file), documentType: file.type === 'image/png' ? 'png' : 'jpeg' });
    setZoom(MIN_ZOOM);
    setRotation(0);
    setCrop({ x: 0, y: 0 });
  };

  const onCropComplete = useCallback((_: Area, pixels: Area) => setArea(pixels), []);

  const onContinue = async () => {
    if (!source) return;
    if (mode === 'original') return onSubmit(source);
    if (!area) return;
    setWorking(true);
    try {
      onSubmit({ dataUrl: await cropToPng(source.dataUrl, area, rotation), documentType: 'png' });
    } finally {
      setWorking(false);
    }
  };

  return (
    <div>
      <FileField
        label={t('uploadLabel')}
        accept={uploadAccept('signature')}
        onPick={(file) => void onFile(file)}
        hint={t('uploadHint')}
        error={error && msg(error)}
      />

      {source && (
        <div className="mt-4">
          <fieldset className="mb-3 flex gap-2">
            <legend className="sr-only">{t('uploadModeLegend')}</legend>
            {(['crop', 'original'] as const).map((m) => (
              <label
                key={m}
                className={`flex-1 cursor-pointer rounded-lg border px-3 py-2 text-center text-sm font-semibold ${
                  mode === m ? 'border-brand bg-blue-50 text-brand' : 'border-slate-500 text-ink'
                }`}
              >
                <input
                  type="radio"
                  name="signature-upload-mode"
                  value={m}
                  checked={mode === m}
                  onChange={() => setMode(m)}
                  className="sr-only"
                />
                {t(m === 'crop' ? 'modeCrop' : 'modeOriginal')}
              </label>
            ))}
          </fieldset>

          {mode === 'crop' ? (
            <>
              <div className="relative h-56 w-full overflow-hidden rounded-lg bg-slate-800">
                <Cropper
                  image={source.dataUrl}
                  crop={crop}
                  zoom={zoom}
                  rotation={rotation}
                  aspect={SIGNATURE_CROP_ASPECT}
                  minZoom={MIN_ZOOM}
                  maxZoom={MAX_ZOOM}
                  onCropChange={setCrop}
                  onZoomChange={setZoom}
                  onCropComplete={onCropComplete}
                />
              </div>
              <div className="mt-3 flex items-center gap-3">
                <label htmlFor={zoomId} className="text-sm font-semibold">
                  {t('zoom')}
                </label>
                <input
                  id={zoomId}
                  type="range"
                  min={MIN_ZOOM}
                  max={MAX_ZOOM}
                  step={SIGNATURE_ZOOM_STEP}
                  value={zoom}
                  onChange={(e) => setZoom(Number(e.target.value))}
                  className="flex-1 accent-brand"
                />
                <Button
                  variant="secondary"
                  className="!w-auto px-3 py-2 text-sm"
                  onClick={() => setRotation((r) => (r + SIGNATURE_ROTATION_STEP) % 360)}
                >
                  {t('rotate')}
                </Button>
              </div>
              <p className="mt-1 text-xs text-muted" aria-live="polite">
                {t('cropState', { zoom: zoom.toFixed(1), rotation })}
              </p>
            </>
          ) : (
            <img
              src={source.dataUrl}
              alt={t('previewAlt')}
              className="max-h-56 w-full rounded-lg border border-slate-200 object-contain"
            />
          )}
          <Button
            className="mt-4"
            onClick={() => void onContinue()}
            disabled={mode === 'crop' && !area}
            loading={submitting || working}
          >
            {t('common:continue')}
          </Button>
        </div>
      )}
    </div>
  );
}
