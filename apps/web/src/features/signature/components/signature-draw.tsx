/** Drawing on screen with signature_pad; the PNG keeps a transparent background. */
import { SIGNATURE_MIN_POINTS } from '@ekyc/contracts/constants';
import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from '../../../i18n/use-translation';
import SignaturePad from 'signature_pad';
import { Button } from '../../../components/button';
import { Modal } from '../../../components/modal';
import { useMessage } from '../../../lib/use-message';

const pointCount = (pad: SignaturePad) => pad.toData().reduce((n, group) => n + group.points.length, 0);

export function SignatureDraw({ onSubmit, submitting }: { onSubmit: (png: string) => void; submitting: boolean }) {
  const { t } = useTranslation('signature');
  const msg = useMessage();
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const padRef = useRef<SignaturePad | null>(null);
  const [empty, setEmpty] = useState(true);
  const [incomplete, setIncomplete] = useState(false);
  const helpId = useId();

  useEffect(() => {
    const canvas = canvasRef.current;
    if (!canvas) return;
    const pad = new SignaturePad(canvas, { penColor: '#0b1f44', minWidth: 1, maxWidth: 2.6 });
    padRef.current = pad;
    // Sized to the element in device pixels so strokes stay sharp; a resize keeps what was drawn.
    const fit = () => {
      const ratio = Math.max(window.devicePixelRatio || 1, 1);
      const data = pad.toData();
      canvas.width = canvas.offsetWidth * ratio;
      canvas.height = canvas.offsetHeight * ratio;
      canvas.getContext('2d')?.scale(ratio, ratio);
      pad.clear();
      pad.fromData(data);
    };
    fit();
    const onEnd = () => setEmpty(pad.isEmpty());
    pad.addEventListener('endStroke', onEnd);
    window.addEventListener('resize', fit);
    return () => {
      window.removeEventListener('resize', fit);
      pad.removeEventListener('endStroke', onEnd);
      pad.off();
    };
  }, []);

  const clear = () => {
    padRef.current?.clear();
    setEmpty(true);
  };
  const submit = () => onSubmit(padRef.current!.toDataURL('image/png'));
  const onContinue = () => {
    const pad = padRef.current;
    if (!pad || pad.isEmpty()) return;
    // Fewer than 50 points usually means an initial or a stray line (section 4).
    if (pointCount(pad) < SIGNATURE_MIN_POINTS) setIncomplete(true);
    else submit();
  };

  return (
    <div>
      <p id={helpId} className="mb-2 text-sm text-muted">
        {t('drawHelp')}
      </p>
      <canvas
        ref={canvasRef}
        role="img"
        aria-label={t('drawLabel')}
        aria-describedby={helpId}
        className="block h-48 w-full touch-none rounded-lg border-2 border-dashed border-slate-500 bg-white"
      />
      <div className="mt-2 mb-4 flex justify-end">
        <Button variant="link" onClick={clear} disabled={empty}>
          {t('clear')}
        </Button>
      </div>
      <Button onClick={onContinue} disabled={empty} loading={submitting}>
        {t('common:continue')}
      </Button>
      <Modal open={incomplete} title={msg('signatureIncompleteTitle')} onClose={() => setIncomplete(false)}>
        <p className="mb-4">{msg('signatureIncompleteBody')}</p>
        <div className="flex gap-3">
          <Button
            variant="secondary"
            onClick={() => {
              setIncomplete(false);
              clear();
            }}
          >
            {t('common:retry')}
          </Button>
          <Button
            onClick={() => {
              setIncomplete(false);
              submit();
            }}
          >
            {t('common:continue')}
          </Button>
        </div>
      </Modal>
    </div>
  );
}
