import { SELFIE_PX } from '@ekyc/contracts/constants';
import { useCallback, useRef, useState } from 'react';
import { useTranslation } from '../../../i18n/use-translation';
import Webcam from 'react-webcam';
import { Button } from '../../../components/button';

/** The frames taken while the applicant performs the action: 5 over about 2 s. */
const ACTION_FRAMES = 5;
const FRAME_GAP_MS = 450;

const wait = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** A 300 by 300 JPEG of the video's centre square, as the camera sees it (not mirrored as the preview is). */
function frameOf(video: HTMLVideoElement | null | undefined): string | null {
  if (!video?.videoWidth || !video.videoHeight) return null;
  const side = Math.min(video.videoWidth, video.videoHeight);
  const canvas = document.createElement('canvas');
  canvas.width = SELFIE_PX;
  canvas.height = SELFIE_PX;
  const ctx = canvas.getContext('2d');
  if (!ctx) return null;
  ctx.drawImage(
    video,
    (video.videoWidth - side) / 2,
    (video.videoHeight - side) / 2,
    side,
    side,
    0,
    0,
    SELFIE_PX,
    SELFIE_PX,
  );
  return canvas.toDataURL('image/jpeg', 0.8);
}

/**
 * The front camera, captured as a 300 by 300 JPEG (section 4), and a few frames over about 2 s
 * while the applicant performs the random action (the first with the selfie itself).
 */
export function CameraCapture({
  onCapture,
  onNoCamera,
}: {
  onCapture: (dataUrl: string, frames: string[]) => void;
  onNoCamera: () => void;
}) {
  const { t } = useTranslation('selfie');
  const ref = useRef<Webcam>(null);
  const [ready, setReady] = useState(false);
  const [recording, setRecording] = useState(false);
  const capture = useCallback(async () => {
    // the first frames may not be decoded yet right after the camera starts: try for a moment
    for (let attempt = 0; attempt < 20; attempt += 1) {
      const shot = ref.current?.getScreenshot({ width: SELFIE_PX, height: SELFIE_PX });
      const first = frameOf(ref.current?.video);
      if (shot && first) {
        setRecording(true);
        const frames = [first];
        for (let i = 1; i < ACTION_FRAMES; i += 1) {
          await wait(FRAME_GAP_MS);
          const frame = frameOf(ref.current?.video);
          if (frame) frames.push(frame);
        }
        setRecording(false);
        return onCapture(shot, frames);
      }
      await wait(150);
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
      <p className="text-center text-sm text-muted" role="status">
        {recording ? t('recording') : t('captureHint')}
      </p>
      <Button onClick={() => void capture()} disabled={!ready || recording} loading={recording}>
        {t('capture')}
      </Button>
    </div>
  );
}
