/**
 * One side of a nominee's proof: PNG, JPEG or PDF (section 5). Images are compressed in the
 * browser (1 MB, 800 px, section 9); a PDF goes as it is, up to 2 MB.
 */
import { NOMINEE_PROOF_MAX_BYTES } from '@ekyc/contracts/calls/update-nominee';
import type { MessageKey } from '@ekyc/contracts/messages';
import { uploadAccept, uploadError } from '@ekyc/contracts/rules';
import { compressImage } from '../../../lib/compress-image';
import { useState } from 'react';
import { useTranslation } from '../../../i18n/use-translation';
import { FileField, shortFileName } from '../../../components/file-field';
import { Spinner } from '../../../components/spinner';
import { fileToDataUrl } from '../../../lib/file-data-url';
import { useMessage } from '../../../lib/use-message';

export function ProofInput({
  label,
  fileName,
  onChange,
}: {
  label: string;
  fileName: string;
  onChange: (file: { dataUrl: string; name: string } | null) => void;
}) {
  const { t } = useTranslation('nominee');
  const msg = useMessage();
  const [error, setError] = useState<MessageKey | null>(null);
  const [busy, setBusy] = useState(false);

  const pick = async (file: File | undefined) => {
    setError(null);
    if (!file) return;
    const problem = uploadError('nomineeProof', file);
    if (problem) return setError(problem);
    setBusy(true);
    try {
      if (file.type === 'application/pdf') {
        if (file.size > NOMINEE_PROOF_MAX_BYTES) return setError('nomineeProofSize');
        return onChange({ dataUrl: await fileToDataUrl(file), name: file.name });
      }
      const compressed = await compressImage(file);
      onChange({ dataUrl: await fileToDataUrl(compressed), name: file.name });
    } catch {
      setError('nomineeProofType');
    } finally {
      setBusy(false);
    }
  };

  return (
    <FileField
      label={label}
      accept={uploadAccept('nomineeProof')}
      onPick={(file) => void pick(file)}
      error={error && msg(error)}
      {...(busy && { hint: <Spinner label={t('preparingFile')} /> })}
    >
      {fileName && !busy && (
        <p className="mt-1 flex items-center gap-2 text-sm text-success">
          <span>{t('fileChosen', { name: shortFileName(fileName) })}</span>
          <button
            type="button"
            className="font-semibold text-brand underline"
            onClick={() => onChange(null)}
            aria-label={t('removeFile', { label })}
          >
            {t('remove')}
          </button>
        </p>
      )}
    </FileField>
  );
}
