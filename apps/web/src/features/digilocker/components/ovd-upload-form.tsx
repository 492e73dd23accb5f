/**
 * Manual upload of officially valid documents (section 4: when DigiLocker fails), or of the PAN
 * card when the locker held none. Front and back images, or one PDF with both sides (section 5).
 */
import { IDENTITY_DOCUMENTS } from '@ekyc/contracts/enums';
import { uploadAccept, uploadError } from '@ekyc/contracts/rules';
import { compressImage } from '../../../lib/compress-image';
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from '../../../i18n/use-translation';
import { Button } from '../../../components/button';
import { FileField } from '../../../components/file-field';
import { TextField } from '../../../components/text-field';
import { ApiError } from '../../../lib/api-client';
import { fileToDataUrl } from '../../../lib/file-data-url';
import { useScreenNavigate } from '../../../lib/navigation';
import { toast } from '../../../lib/toast';
import { fieldProblems } from '../../../lib/use-stage-action';
import { type Saying, useMessage } from '../../../lib/use-message';
import { useVerifyOvd } from '../api/verify-ovd';

const ADDRESS_DOCUMENTS = IDENTITY_DOCUMENTS.filter((d) => d.code !== 'PAN');
const ADDRESS_FIELDS = ['address1', 'address2', 'district_city', 'state', 'pincode'] as const;
type AddressField = (typeof ADDRESS_FIELDS)[number];

async function toDataUrl(file: File): Promise<string> {
  if (file.type === 'application/pdf') return fileToDataUrl(file);
  return fileToDataUrl(await compressImage(file, { maxPx: 1600 }));
}

export function OvdUploadForm({ panOnly = false }: { panOnly?: boolean }) {
  const { t } = useTranslation('digilocker');
  const msg = useMessage();
  const go = useScreenNavigate();
  const verify = useVerifyOvd();
  const selectId = useId();
  const [documentType, setDocumentType] = useState<string>(panOnly ? 'PAN' : 'AADHAAR');
  const [front, setFront] = useState<File | null>(null);
  const [back, setBack] = useState<File | null>(null);
  const [address, setAddress] = useState<Record<AddressField, string>>({
    address1: '',
    address2: '',
    district_city: '',
    state: '',
    pincode: '',
  });
  const [errors, setErrors] = useState<Partial<Record<'front' | 'back' | AddressField, Saying>>>({});

  const check = (f: File | null) => (f ? uploadError('identityDocument', f) : null);

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    const next: typeof errors = {};
    if (!front) next.front = 'fieldRequired';
    else if (check(front)) next.front = check(front)!;
    if (back && check(back)) next.back = check(back)!;
    if (front?.type === 'application/pdf' && back) next.back = { message: t('pdfBothSides') };
    if (!panOnly) {
      for (const key of ['address1', 'district_city', 'state', 'pincode'] as const)
        if (!address[key].trim()) next[key] = 'fieldRequired';
      if (address.pincode && !/^\d{6}$/.test(address.pincode)) next.pincode = 'nomineePincode';
    }
    setErrors(next);
    if (Object.keys(next).length || !front) return;
    try {
      const reply = await verify.mutateAsync({
        document_type: documentType,
        front: await toDataUrl(front),
        ...(back && { back: await toDataUrl(back) }),
        ...(panOnly ? {} : address),
      });
      if (!reply.status) toast.error(msg(reply));
      go(reply.data.screen);
    } catch (err) {
      if (err instanceof ApiError && typeof err.data.field === 'string')
        setErrors({ [err.data.field]: fieldProblems(err)[0] ?? err });
      else toast.error(msg(err instanceof ApiError ? err : 'somethingWrong'));
    }
  };

  const twoSided = documentType !== 'PAN';
  return (
    <form onSubmit={(e) => void onSubmit(e)} noValidate aria-label={panOnly ? t('panUploadTitle') : t('manualTitle')}>
      {!panOnly && (
        <div className="mb-4">
          <label htmlFor={selectId} className="mb-1 block text-sm font-semibold text-ink">
            {t('documentType')}
          </label>
          <select
            id={selectId}
            value={documentType}
            onChange={(e) => setDocumentType(e.target.value)}
            className="w-full rounded-lg border border-slate-500 bg-white px-3 py-3 text-base"
          >
            {ADDRESS_DOCUMENTS.map((d) => (
              <option key={d.code} value={d.code}>
                {t(`identity.${d.code}`, { defaultValue: d.label })}
              </option>
            ))}
          </select>
        </div>
      )}
      <p className="mb-3 text-sm text-muted">{twoSided ? t('sidesHint') : t('panHint')}</p>
      <FileField
        label={twoSided ? t('front') : t('panCard')}
        accept={uploadAccept('identityDocument')}
        error={msg(errors.front)}
        onPick={(f) => setFront(f ?? null)}
      />
      {twoSided && (
        <FileField
          label={t('back')}
          accept={uploadAccept('identityDocument')}
          error={msg(errors.back)}
          onPick={(f) => setBack(f ?? null)}
        />
      )}
      {!panOnly &&
        ADDRESS_FIELDS.map((key) => (
          <TextField
            key={key}
            label={t(`field.${key}`)}
            value={address[key]}
            inputMode={key === 'pincode' ? 'numeric' : undefined}
            maxLength={key === 'pincode' ? 6 : 100}
            error={msg(errors[key])}
            onChange={(e) =>
              setAddress((a) => ({
                ...a,
                [key]: key === 'pincode' ? e.target.value.replace(/\D/g, '') : e.target.value,
              }))
            }
          />
        ))}
      <Button type="submit" loading={verify.isPending}>
        {t('common:submit')}
      </Button>
    </form>
  );
}
