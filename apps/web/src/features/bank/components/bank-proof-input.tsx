/**
 * Picks the bank proof file: PNG or JPEG for a cheque, also PDF for a statement or passbook.
 * Images are compressed in the browser to at most 1 MB and 800 px before upload (section 5).
 */
import type { MessageKey } from '@ekyc/contracts/messages';
import { uploadAccept, uploadError } from '@ekyc/contracts/rules';
import { compressImage } from '../../../lib/compress-image';
import { useState } from 'react';
import { useTranslation } from '../../../i18n/use-translation';
import { FileField, shortFileName } from '../../../components/file-field';
import { Spinner } from '../../../components/spinner';
import { fileToDataUrl } from '../../../lib/file-data-url';
import { useMessage } from '../../../lib/use-message';

export interface PickedFile {
  dataUrl: string;
  name: string;
  type: string;
}

export function BankProofInput({
  label,
  allowPdf,
  value,
  onChange,
}: {
  label: string;
  allowPdf: boolean;
  value: PickedFile | null;
  onChange: (file: PickedFile | null) => void;
}) {
  const { t } = useTranslation('bank');
  const msg = useMessage();
  const [error, setError] = useState<MessageKey | null>(null);
  const [busy, setBusy] = useState(false);
  const kind = allowPdf ? 'nomineeProof' : 'cheque';

  const pick = async (file: File | undefined) => {
    onChange(null);
    setError(null);
    if (!file) return;
    const problem = uploadError(kind, file);
    if (problem) return setError(problem);
    setBusy(true);
    try {
      if (file.type === 'application/pdf') {
        onChange({ dataUrl: await fileToDataUrl(file), name: file.name, type: file.type });
        return;
      }
      const compressed = await compressImage(file);
      onChange({ dataUrl: await fileToDataUrl(compressed), name: file.name, type: compressed.type || file.type });
    } catch {
      setError(allowPdf ? 'nomineeProofType' : 'chequeType');
    } finally {
      setBusy(false);
    }
  };

  return (
    <FileField
      label={label}
      accept={uploadAccept(kind)}
      onPick={(file) => void pick(file)}
      error={error && msg(error)}
      hint={
        busy ? (
          <Spinner label={t('compressing')} />
        ) : value ? (
          shortFileName(value.name)
        ) : (
          t(allowPdf ? 'fileHintPdf' : 'fileHint')
        )
      }
    >
      {value && value.type !== 'application/pdf' && (
        <img
          src={value.dataUrl}
          alt={t('preview')}
          className="mt-2 max-h-40 rounded-lg border border-slate-200 object-contain"
        />
      )}
    </FileField>
  );
}
