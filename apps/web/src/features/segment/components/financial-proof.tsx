/**
 * Financial proof for derivative segments (sections 3 and 5): digital through an account
 * aggregator, or manual: a proof type, the details its rule needs, and a PDF (with its password
 * when protected).
 */
import { PROOF_DETAILS } from '@ekyc/contracts/calls/update-segment';
import { FINANCIAL_PROOFS } from '@ekyc/contracts/enums';
import { uploadAccept } from '@ekyc/contracts/rules';
import { type UseFormReturn } from 'react-hook-form';
import { useTranslation } from '../../../i18n/use-translation';
import { FileField, shortFileName } from '../../../components/file-field';
import { TextField } from '../../../components/text-field';
import type { Saying } from '../../../lib/use-message';
import { inspectPdf } from '../pdf-file';
import type { FormValues } from '../segment-form';
import { RadioGroup } from './radio-group';

export function FinancialProof({
  form,
  message,
}: {
  form: UseFormReturn<FormValues>;
  message: (said: Saying) => string;
}) {
  const { t } = useTranslation('segment');
  const { watch, setValue, register, formState } = form;
  const errors = formState.errors;
  const revalidate = { shouldValidate: formState.isSubmitted };
  const mode = watch('upload_prccess_by');
  const option = watch('financial_proof_option');
  const file = watch('file');
  const pdf = watch('pdf');
  const details = option ? PROOF_DETAILS[option] : [];

  const chooseFile = async (chosen: File | undefined) => {
    setValue('document_password', '');
    setValue('pdf', chosen ? await inspectPdf(chosen) : null);
    setValue('file', chosen ?? null, { shouldValidate: true });
  };

  return (
    <section aria-labelledby="proof-title" className="mb-5 rounded-lg bg-slate-50 p-3">
      <h2 id="proof-title" className="mb-1 text-base font-semibold text-ink">
        {t('proofTitle')}
      </h2>
      <p className="mb-3 text-sm text-muted">{t('proofIntro')}</p>
      <RadioGroup
        name="upload_prccess_by"
        legend={t('uploadProcess')}
        value={mode}
        onChange={(v) => setValue('upload_prccess_by', v, revalidate)}
        options={[
          { value: 'digital', label: t('digital'), hint: t('digitalHint') },
          { value: 'manual', label: t('manual'), hint: t('manualHint') },
        ]}
        error={message(errors.upload_prccess_by)}
      />
      {mode === 'manual' && (
        <>
          <RadioGroup
            name="financial_proof_option"
            legend={t('proofOption')}
            value={option}
            onChange={(v) => setValue('financial_proof_option', v, revalidate)}
            options={FINANCIAL_PROOFS.map((p) => ({
              value: p.code,
              label: t(`proofs.${p.code}`, { defaultValue: p.label }),
            }))}
            error={message(errors.financial_proof_option)}
          />
          {details.includes('statement_from') && (
            <TextField
              type="date"
              label={t('statementFrom')}
              error={message(errors.statement_from)}
              {...register('statement_from')}
            />
          )}
          {details.includes('statement_date') && (
            <TextField
              type="date"
              label={option === 'salary_slip' ? t('salarySlipDate') : t('statementTo')}
              hint={option === 'salary_slip' ? t('salarySlipHint') : t('bankStatementHint')}
              error={message(errors.statement_date)}
              {...register('statement_date')}
            />
          )}
          {details.includes('holding_value') && (
            <TextField
              inputMode="decimal"
              label={t('holdingValue')}
              hint={t('holdingHint')}
              error={message(errors.holding_value)}
              {...register('holding_value')}
            />
          )}
          <FileField
            label={t('file')}
            accept={uploadAccept('segmentProof')}
            onPick={(chosen) => void chooseFile(chosen)}
            error={errors.file && message(errors.file)}
            hint={file ? t('fileChosen', { name: shortFileName(file.name) }) : t('fileHint')}
          />
          {pdf?.encrypted && (
            <TextField
              type="password"
              autoComplete="off"
              label={t('password')}
              hint={t('passwordHint')}
              error={message(errors.document_password)}
              {...register('document_password')}
            />
          )}
        </>
      )}
    </section>
  );
}
