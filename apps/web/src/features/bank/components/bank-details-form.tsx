/**
 * IFSC, account number, confirm account number and account type (section 5). The IFSC is looked
 * up at 11 characters; Continue stays disabled until the lookup succeeded, the numbers match and a
 * type is chosen; copy and paste are blocked on these fields.
 */
import type { ManualBankDetails } from '@ekyc/contracts/calls/cheque-verification';
import type { IfscDetails } from '@ekyc/contracts/calls/get-ifsc';
import { ACCOUNT_NUMBER_MAX, IFSC_LENGTH } from '@ekyc/contracts/constants';
import { ACCOUNT_TYPES } from '@ekyc/contracts/enums';
import { bankAccountFormSchema, IFSC_PATTERN, normaliseIfsc } from '@ekyc/contracts/rules';
import type { ReactNode } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from '../../../i18n/use-translation';
import type { z } from 'zod';
import { Button } from '../../../components/button';
import { Spinner } from '../../../components/spinner';
import { TextField } from '../../../components/text-field';
import { keyedResolver } from '../../../lib/form-resolver';
import { useMessage } from '../../../lib/use-message';
import { useIfscLookup } from '../api/get-ifsc';

type FormInput = z.input<typeof bankAccountFormSchema>;
type FormOutput = z.output<typeof bankAccountFormSchema>;

const digitsOnly = (v: string) => v.replace(/\D/g, '').slice(0, ACCOUNT_NUMBER_MAX);

export function BankDetailsForm({
  defaults,
  submitting,
  ready = true,
  children,
  onSubmit,
}: {
  defaults?: Partial<ManualBankDetails>;
  submitting: boolean;
  /** Anything else the page needs before Continue (a chosen file). */
  ready?: boolean;
  children?: ReactNode;
  onSubmit: (values: ManualBankDetails, lookup: IfscDetails) => void;
}) {
  const { t } = useTranslation('bank');
  const msg = useMessage();
  const { register, handleSubmit, formState, setValue, watch } = useForm<FormInput, unknown, FormOutput>({
    resolver: keyedResolver(bankAccountFormSchema),
    mode: 'onTouched',
    defaultValues: {
      ifsc: defaults?.ifsc ?? '',
      account_number: defaults?.account_number ?? '',
      confirm_account_number: defaults?.account_number ?? '',
      account_type: defaults?.account_type ?? '',
    },
  });
  const ifsc = watch('ifsc') ?? '';
  const account = watch('account_number') ?? '';
  const confirm = watch('confirm_account_number') ?? '';
  const type = watch('account_type') ?? '';
  const lookup = useIfscLookup(ifsc);
  const found = lookup.data?.status ? lookup.data.data : null;
  const ifscError =
    ifsc.length === IFSC_LENGTH && (!IFSC_PATTERN.test(ifsc) || (lookup.data && !lookup.data.status) || lookup.isError)
      ? 'ifscInvalid'
      : formState.errors.ifsc;
  const numbersMatch = account.length > 0 && account === confirm;
  const canContinue = Boolean(found) && numbersMatch && type.length > 2 && ready;

  const ifscField = register('ifsc');
  const accountField = register('account_number');
  const confirmField = register('confirm_account_number');
  return (
    <form
      noValidate
      onSubmit={handleSubmit((v) => {
        if (found) onSubmit({ ifsc: v.ifsc, account_number: v.account_number, account_type: v.account_type }, found);
      })}
    >
      <TextField
        label={t('ifscLabel')}
        autoComplete="off"
        autoCapitalize="characters"
        spellCheck={false}
        maxLength={IFSC_LENGTH}
        noClipboard
        error={msg(ifscError)}
        hint={
          lookup.isFetching ? (
            <Spinner label={t('ifscLooking')} />
          ) : found ? (
            <span className="text-ink">
              <strong>{found.BANK}</strong>
              {found.BRANCH ? `, ${found.BRANCH}` : ''}
              {found.ADDRESS ? <span className="block text-muted">{found.ADDRESS}</span> : null}
            </span>
          ) : (
            t('ifscHint')
          )
        }
        {...ifscField}
        onChange={(e) => setValue('ifsc', normaliseIfsc(e.target.value), { shouldValidate: formState.isSubmitted })}
      />
      <TextField
        label={t('accountNumberLabel')}
        inputMode="numeric"
        autoComplete="off"
        noClipboard
        maxLength={ACCOUNT_NUMBER_MAX}
        error={msg(formState.errors.account_number)}
        {...accountField}
        onChange={(e) =>
          setValue('account_number', digitsOnly(e.target.value), {
            shouldValidate: formState.isSubmitted || formState.touchedFields.account_number,
          })
        }
      />
      <TextField
        label={t('confirmAccountNumberLabel')}
        inputMode="numeric"
        autoComplete="off"
        noClipboard
        maxLength={ACCOUNT_NUMBER_MAX}
        error={msg(
          formState.errors.confirm_account_number ??
            (confirm.length >= account.length && confirm.length > 0 && !numbersMatch ? 'accountMismatch' : undefined),
        )}
        {...confirmField}
        onChange={(e) =>
          setValue('confirm_account_number', digitsOnly(e.target.value), { shouldValidate: formState.isSubmitted })
        }
      />
      <fieldset className="mb-4">
        <legend className="mb-2 text-sm font-semibold">{t('accountTypeLabel')}</legend>
        <div className="grid grid-cols-2 gap-2">
          {ACCOUNT_TYPES.map((value) => (
            <label
              key={value}
              className={`flex cursor-pointer items-center gap-2 rounded-lg border px-3 py-3 ${
                type === value ? 'border-brand bg-blue-50' : 'border-slate-500'
              }`}
            >
              <input type="radio" value={value} className="h-4 w-4 accent-brand" {...register('account_type')} />
              {t(`accountTypes.${value}`)}
            </label>
          ))}
        </div>
        {formState.errors.account_type && (
          <p role="alert" className="mt-1 text-sm text-danger">
            {msg(formState.errors.account_type)}
          </p>
        )}
      </fieldset>
      {children}
      <Button type="submit" loading={submitting} disabled={!canContinue}>
        {t('common:continue')}
      </Button>
    </form>
  );
}
