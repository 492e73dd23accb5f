/**
 * Picks the bank proof file: PNG or JPEG for a cheque, also PDF for a statement or passbook.
 * Images are compressed in the browser to at most 1 MB and 800 px before upload (section 5).
 */
import { FILE_NAME_TRUNCATE } from '@ekyc/contracts/constants';
import { MSG } from '@ekyc/contracts/messages';
import { uploadAccept, uploadError } from '@ekyc/contracts/rules';
import { compressImage } from '../../../lib/compress-image';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Spinner } from '../../../components/spinner';
import { fileToDataUrl } from '../../../lib/file-data-url';
import { useMessage } from '../../../lib/use-message';

export interface PickedFile {
  dataUrl: string;
  name: string;
  type: string;
}

const shortName = (name: string) => (name.length > FILE_NAME_TRUNCATE ? `${name.slice(0, FILE_NAME_TRUNCATE)}…` : name);

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
  const id = useId();
  const [error, setError] = useState<string | null>(null);
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
      setError(allowPdf ? MSG.nomineeProofType : MSG.chequeType);
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="mb-4">
      <label htmlFor={id} className="mb-1 block text-sm font-semibold">
        {label}
      </label>
      <input
        id={id}
        type="file"
        accept={uploadAccept(kind)}
        aria-invalid={error ? true : undefined}
        aria-describedby={`${id}-hint`}
        onChange={(e) => void pick(e.target.files?.[0])}
        className="block w-full rounded-lg border border-slate-500 bg-white p-2 text-sm file:mr-3 file:rounded-md file:border-0 file:bg-brand file:px-3 file:py-2 file:font-semibold file:text-white"
      />
      <p id={`${id}-hint`} className="mt-1 text-sm text-muted">
        {busy ? (
          <Spinner label={t('compressing')} />
        ) : value ? (
          shortName(value.name)
        ) : (
          t(allowPdf ? 'fileHintPdf' : 'fileHint')
        )}
      </p>
      {value && value.type !== 'application/pdf' && (
        <img
          src={value.dataUrl}
          alt={t('preview')}
          className="mt-2 max-h-40 rounded-lg border border-slate-200 object-contain"
        />
      )}
      {error && (
        <p role="alert" className="mt-1 text-sm text-danger">
          {msg(error)}
        </p>
      )}
    </div>
  );
}
