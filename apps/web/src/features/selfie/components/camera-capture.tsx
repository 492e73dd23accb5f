import { SELFIE_PX } from '@ekyc/contracts/constants';
import { useCallback, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import Webcam from 'react-webcam';
import { Button } from '../../../components/button';

/** The front camera, captured as a 300 by 300 JPEG (section 4). */
export function CameraCapture({
  onCapture,
  onNoCamera,
}: {
  onCapture: (dataUrl: string) => void;
  onNoCamera: () => void;
}) {
  const { t } = useTranslation('selfie');
  const ref = useRef<Webcam>(null);
  const [ready, setReady] = useState(false);
  const capture = useCallback(async () => {
    // the first frames may not be decoded yet right after the camera starts: try for a moment
    for (let attempt = 0; attempt < 20; attempt += 1) {
      const shot = ref.current?.getScreenshot({ width: SELFIE_PX, height: SELFIE_PX });
      if (shot) return onCapture(shot);
      await new Promise((r) => setTimeout(r, 150));
    }
  }, [onCapture]);
  return (
    <div className="flex flex-col items-center gap-3">
      <div className="relative h-[300px] w-[300px] overflow-hidden rounded-full border-4 border-brand bg-slate-900">
        <Webcam
          ref={ref}
          audio={false}
          mirrored
          width={SELFIE_PX}
          height={SELFIE_PX}
          screenshotFormat="image/jpeg"
          screenshotQuality={0.9}
          forceScreenshotSourceSize={false}
          videoConstraints={{ facingMode: 'user', width: { ideal: 640 }, height: { ideal: 640 }, aspectRatio: 1 }}
          onUserMedia={() => setReady(true)}
          onUserMediaError={onNoCamera}
          aria-label={t('cameraLabel')}
          className="h-full w-full object-cover"
        />
      </div>
      <Button onClick={() => void capture()} disabled={!ready}>
        {t('capture')}
      </Button>
    </div>
  );
}
