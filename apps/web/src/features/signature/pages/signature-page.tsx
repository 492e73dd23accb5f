/**
 * '/bank-and-segment/signature': draw on screen or upload an image (cropped or as it is). Once a
 * signature is stored and the stage has moved on it is shown read-only, and Next goes to nominee.
 * An applicant who cannot sign gives a thumb impression (a photo of it), or a guardian signs for
 * them, named with the relation (SEBI's KYC duties for persons with disabilities).
 */
import { type SignatureUploadType, signatureGuardianSchema } from '@ekyc/contracts/calls/upload-signature';
import { NOMINEE_RELATIONS } from '@ekyc/contracts/enums';
import { STAGE, STAGES } from '@ekyc/contracts/stages';
import { useState } from 'react';
import { useTranslation } from '../../../i18n/use-translation';
import { Button } from '../../../components/button';
import { SelectField } from '../../../components/select-field';
import { PageLoader } from '../../../components/spinner';
import { TextField } from '../../../components/text-field';
import { useScreenNavigate } from '../../../lib/navigation';
import { saidIn, useMessage } from '../../../lib/use-message';
import { useStageAction } from '../../../lib/use-stage-action';
import { useUserDetails } from '../../../lib/user-details';
import { useUploadSignature } from '../api/upload-signature';
import { SignatureDraw } from '../components/signature-draw';
import { SignatureUpload } from '../components/signature-upload';

type Mode = 'draw' | 'upload';
type Signer = 'self' | 'thumb' | 'guardian';
const SIGNERS: Signer[] = ['self', 'thumb', 'guardian'];

export default function SignaturePage() {
  const { t } = useTranslation(['signature', 'nominee']);
  const msg = useMessage();
  const go = useScreenNavigate();
  const { details, stage, isLoading } = useUserDetails();
  const upload = useUploadSignature();
  const store = useStageAction(upload.mutateAsync, { quietSuccess: true });
  const [mode, setMode] = useState<Mode>('draw');
  const [signer, setSigner] = useState<Signer>('self');
  const [guardian, setGuardian] = useState({ name: '', relation: '' });
  const [guardianErrors, setGuardianErrors] = useState<{ name?: string; relation?: string }>({});

  if (isLoading || !details) return <PageLoader label={t('common:loading')} />;
  const stored = details.signature_obj;
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
    const checked = signer === 'guardian' ? signatureGuardianSchema.safeParse(guardian) : null;
    if (checked && !checked.success) {
      const first = (field: string) => {
        const issue = checked.error.issues.find((i) => i.path[0] === field);
        return issue && saidIn(issue);
      };
      setGuardianErrors({
        name: first('name') && msg(first('name')),
        relation: first('relation') && msg(first('relation')),
      });
      return;
    }
    setGuardianErrors({});
    await store({
      signature_image: image,
      document_type: documentType,
      upload_type: uploadType,
      ...(signer === 'thumb' && { signature_mark: 'thumb_impression' as const }),
      ...(checked?.success && { guardian: checked.data }),
    });
  };

  const modes: Mode[] = signer === 'thumb' ? ['upload'] : ['draw', 'upload'];
  const shown: Mode = signer === 'thumb' ? 'upload' : mode;
  return (
    <div>
      <p className="mb-4 text-muted">{t('intro')}</p>
      <fieldset className="mb-4">
        <legend className="mb-2 font-semibold text-ink">{t('signerLegend')}</legend>
        {SIGNERS.map((s) => (
          <label key={s} className="flex min-h-11 items-center gap-3">
            <input
              type="radio"
              name="signer"
              value={s}
              checked={signer === s}
              onChange={() => setSigner(s)}
              className="h-5 w-5 accent-brand"
            />
            {t(`signer.${s}`)}
          </label>
        ))}
      </fieldset>
      {signer === 'thumb' && <p className="mb-4 text-sm text-muted">{t('thumbHint')}</p>}
      {signer === 'guardian' && (
        <div className="mb-2">
          <p className="mb-3 text-sm text-muted">{t('guardianHint')}</p>
          <TextField
            label={t('guardianName')}
            value={guardian.name}
            error={guardianErrors.name}
            autoComplete="name"
            onChange={(e) => {
              setGuardian((g) => ({ ...g, name: e.target.value }));
              setGuardianErrors((x) => ({ ...x, name: undefined }));
            }}
          />
          <SelectField
            label={t('guardianRelation')}
            placeholder={t('guardianRelationPlaceholder')}
            value={guardian.relation}
            error={guardianErrors.relation}
            options={NOMINEE_RELATIONS.map((r) => ({ value: r, label: t(`nominee:relations.${r}`) }))}
            onChange={(e) => {
              setGuardian((g) => ({ ...g, relation: e.target.value }));
              setGuardianErrors((x) => ({ ...x, relation: undefined }));
            }}
          />
        </div>
      )}
      <div
        role="tablist"
        aria-label={t('modeLegend')}
        className={`mb-4 grid gap-2 ${modes.length === 1 ? 'grid-cols-1' : 'grid-cols-2'}`}
      >
        {modes.map((m) => (
          <button
            key={m}
            type="button"
            role="tab"
            id={`signature-tab-${m}`}
            aria-selected={shown === m}
            aria-controls={`signature-panel-${m}`}
            onClick={() => setMode(m)}
            className={`rounded-lg border px-3 py-2 font-semibold ${
              shown === m ? 'border-brand bg-brand text-white' : 'border-slate-500 bg-white text-ink'
            }`}
          >
            {t(m === 'draw' ? 'modeDraw' : 'modeUpload')}
          </button>
        ))}
      </div>
      <div role="tabpanel" id={`signature-panel-${shown}`} aria-labelledby={`signature-tab-${shown}`}>
        {shown === 'draw' ? (
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
