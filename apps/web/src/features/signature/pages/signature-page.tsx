/**
 * '/bank-and-segment/signature': draw on screen or upload an image (cropped or as it is). Once a
 * signature is stored and the stage has moved on it is shown read-only, and Next goes to nominee.
 */
import type { SignatureSection, SignatureUploadType } from '@ekyc/contracts/calls/upload-signature';
import { STAGE, STAGES } from '@ekyc/contracts/stages';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/button';
import { PageLoader } from '../../../components/spinner';
import { ApiError } from '../../../lib/api-client';
import { useScreenNavigate } from '../../../lib/navigation';
import { toast } from '../../../lib/toast';
import { useMessage } from '../../../lib/use-message';
import { useUserDetails } from '../../../lib/user-details';
import { useUploadSignature } from '../api/upload-signature';
import { SignatureDraw } from '../components/signature-draw';
import { SignatureUpload } from '../components/signature-upload';

type Mode = 'draw' | 'upload';

export default function SignaturePage() {
  const { t } = useTranslation('signature');
  const msg = useMessage();
  const go = useScreenNavigate();
  const { details, stage, isLoading } = useUserDetails();
  const upload = useUploadSignature();
  const [mode, setMode] = useState<Mode>('draw');

  if (isLoading || !details) return <PageLoader label={t('common:loading')} />;
  const stored = details.signature_obj as SignatureSection;
  const nomineeRoute = STAGES[STAGE.NOMINEE].route;

  if (stored.is_object && stored.document && stage !== STAGE.SIGNATURE) {
    return (
      <div>
        <p className="mb-3 text-muted">{t('stored')}</p>
        <img
          src={stored.document}
          alt={t('storedAlt')}
          className="mb-5 max-h-48 w-full rounded-lg border border-slate-200 bg-white object-contain p-2"
        />
        <Button onClick={() => go(nomineeRoute)}>{t('common:next')}</Button>
      </div>
    );
  }

  const save = async (image: string, documentType: 'png' | 'jpeg', uploadType: SignatureUploadType) => {
    try {
      const reply = await upload.mutateAsync({
        signature_image: image,
        document_type: documentType,
        upload_type: uploadType,
      });
      if (!reply.status) toast.error(msg(reply.message));
      go(reply.data.screen);
    } catch (err) {
      toast.error(msg(err instanceof ApiError ? err.message.replace(/^[\w.]+: /, '') : undefined));
      if (err instanceof ApiError && typeof err.data.screen === 'string') go(err.data.screen);
    }
  };

  return (
    <div>
      <p className="mb-4 text-muted">{t('intro')}</p>
      <div role="tablist" aria-label={t('modeLegend')} className="mb-4 grid grid-cols-2 gap-2">
        {(['draw', 'upload'] as const).map((m) => (
          <button
            key={m}
            type="button"
            role="tab"
            id={`signature-tab-${m}`}
            aria-selected={mode === m}
            aria-controls={`signature-panel-${m}`}
            onClick={() => setMode(m)}
            className={`rounded-lg border px-3 py-2 font-semibold ${
              mode === m ? 'border-brand bg-brand text-white' : 'border-slate-500 bg-white text-ink'
            }`}
          >
            {t(m === 'draw' ? 'modeDraw' : 'modeUpload')}
          </button>
        ))}
      </div>
      <div role="tabpanel" id={`signature-panel-${mode}`} aria-labelledby={`signature-tab-${mode}`}>
        {mode === 'draw' ? (
          <SignatureDraw submitting={upload.isPending} onSubmit={(png) => void save(png, 'png', 'digital')} />
        ) : (
          <SignatureUpload
            submitting={upload.isPending}
            onSubmit={(s) => void save(s.dataUrl, s.documentType, 'manual')}
          />
        )}
      </div>
    </div>
  );
}
