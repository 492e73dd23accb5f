/** The fields of one nominee slot (section 3), with the section 5 rules' messages. */
import type { NomineeAddress } from '@ekyc/contracts/calls/update-nominee';
import { MSG } from '@ekyc/contracts/messages';
import { IDENTITY_DOCUMENTS, NOMINEE_RELATIONS } from '@ekyc/contracts/enums';
import { normalisePan } from '@ekyc/contracts/rules';
import type { ChangeEvent } from 'react';
import type { UseFormReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Checkbox } from '../../../components/checkbox';
import { TextField } from '../../../components/text-field';
import { useMessage } from '../../../lib/use-message';
import { isMinor, type NomineeFormValues, type NomineeSlotValues } from '../hooks/nominee-form';
import { ProofInput } from './proof-input';
import { SelectField } from '../../../components/select-field';

const ADDRESS_FIELDS = ['address', 'address2', 'pincode', 'city', 'state', 'country'] as const;
const today = () => new Date().toISOString().slice(0, 10);

export function NomineeSlot({
  index,
  form,
  applicantAddress,
}: {
  index: number;
  form: UseFormReturn<NomineeFormValues>;
  applicantAddress: NomineeAddress | null;
}) {
  const { t } = useTranslation('nominee');
  const msg = useMessage();
  const { register, setValue, watch, formState, clearErrors } = form;
  const path = `nominees.${index}` as const;
  const slot = watch(path);
  const errors = formState.errors.nominees?.[index];
  const err = (field: keyof NomineeSlotValues) => msg(errors?.[field]?.message);
  const opt = (label: string) => `${label} ${t('optional')}`;
  const set = (field: keyof NomineeSlotValues, value: string | boolean) =>
    setValue(`${path}.${field}`, value as never, { shouldDirty: true, shouldValidate: formState.isSubmitted });
  const sameAddress = slot.same_address_flag;
  const minor = isMinor(slot.dob);

  const onSameAddress = (checked: boolean) => {
    set('same_address_flag', checked);
    if (checked && applicantAddress) for (const f of ADDRESS_FIELDS) set(f, applicantAddress[f]);
  };

  /** Keeps only what a field may contain as the applicant types. */
  const filtered = (field: keyof NomineeSlotValues, clean: (v: string) => string) => {
    const r = register(`${path}.${field}`);
    return { ...r, onChange: (e: ChangeEvent<HTMLInputElement>) => set(field, clean(e.target.value)) };
  };

  return (
    <div>
      <TextField
        label={t('firstName')}
        autoComplete="off"
        error={err('first_name')}
        {...register(`${path}.first_name`)}
      />
      <TextField
        label={opt(t('lastName'))}
        autoComplete="off"
        error={err('last_name')}
        {...register(`${path}.last_name`)}
      />
      <SelectField
        label={t('relation')}
        placeholder={t('choose')}
        options={NOMINEE_RELATIONS.map((r) => ({ value: r, label: t(`relations.${r}`) }))}
        error={err('nominee_relation')}
        {...register(`${path}.nominee_relation`)}
      />
      <TextField label={t('dob')} type="date" max={today()} error={err('dob')} {...register(`${path}.dob`)} />
      {minor && (
        <TextField
          label={t('guardianName')}
          hint={t('guardianHint')}
          autoComplete="off"
          error={err('gaurdian_name')}
          {...register(`${path}.gaurdian_name`)}
        />
      )}
      <TextField
        label={t('share')}
        inputMode="decimal"
        error={err('percentage_share')}
        {...filtered('percentage_share', (v) => v.replace(/[^\d.]/g, ''))}
      />
      <TextField
        label={opt(t('email'))}
        type="email"
        inputMode="email"
        autoComplete="off"
        error={err('email')}
        {...filtered('email', (v) => v.toLowerCase())}
      />
      <TextField
        label={opt(t('mobile'))}
        inputMode="numeric"
        prefix="+91"
        autoComplete="off"
        error={err('mobile')}
        {...filtered('mobile', (v) => v.replace(/\D/g, '').slice(0, 10))}
      />

      <fieldset className="mb-2 rounded-lg border border-slate-200 p-3">
        <legend className="px-1 text-sm font-semibold">{t('addressLegend')}</legend>
        <Checkbox
          label={t('sameAddress')}
          checked={sameAddress}
          disabled={!applicantAddress}
          onChange={(e) => onSameAddress(e.target.checked)}
        />
        {!applicantAddress && <p className="mb-3 text-sm text-muted">{t('noApplicantAddress')}</p>}
        <TextField
          label={opt(t('address1'))}
          readOnly={sameAddress}
          error={err('address')}
          {...register(`${path}.address`)}
        />
        <TextField
          label={opt(t('address2'))}
          readOnly={sameAddress}
          error={err('address2')}
          {...register(`${path}.address2`)}
        />
        <div className="grid grid-cols-2 gap-x-3">
          <TextField
            label={opt(t('pincode'))}
            inputMode="numeric"
            readOnly={sameAddress}
            error={err('pincode')}
            {...filtered('pincode', (v) => v.replace(/\D/g, '').slice(0, 6))}
          />
          <TextField label={opt(t('city'))} readOnly={sameAddress} error={err('city')} {...register(`${path}.city`)} />
          <TextField
            label={opt(t('state'))}
            readOnly={sameAddress}
            error={err('state')}
            {...register(`${path}.state`)}
          />
          <TextField
            label={opt(t('country'))}
            readOnly={sameAddress}
            error={err('country')}
            {...register(`${path}.country`)}
          />
        </div>
      </fieldset>

      <fieldset className="mb-2 rounded-lg border border-slate-200 p-3">
        <legend className="px-1 text-sm font-semibold">{t('identityLegend')}</legend>
        <SelectField
          label={opt(t('idType'))}
          placeholder={t('choose')}
          options={[
            { value: 'aadhaar', label: t('idAadhaar') },
            { value: 'pan', label: t('idPan') },
          ]}
          error={err('identity_doc_type')}
          {...register(`${path}.identity_doc_type`, {
            // A number typed for another document type means nothing for this one.
            onChange: () => {
              setValue(`${path}.proof_number`, '');
              clearErrors(`${path}.proof_number`);
            },
          })}
        />
        {slot.identity_doc_type && (
          <TextField
            label={t('idNumber')}
            autoComplete="off"
            hint={slot.identity_doc_type === 'aadhaar' && !err('proof_number') ? msg(MSG.aadhaarHint) : undefined}
            inputMode={slot.identity_doc_type === 'aadhaar' ? 'numeric' : 'text'}
            error={err('proof_number')}
            {...filtered('proof_number', (v) =>
              slot.identity_doc_type === 'aadhaar' ? v.replace(/\D/g, '').slice(0, 4) : normalisePan(v),
            )}
          />
        )}
        <SelectField
          label={opt(t('proofType'))}
          placeholder={t('choose')}
          options={IDENTITY_DOCUMENTS.map((d) => ({ value: d.code, label: t(`documents.${d.code}`) }))}
          {...register(`${path}.proof_type`)}
        />
        <ProofInput
          label={opt(t('proofFront'))}
          fileName={slot.proof_front_name}
          onChange={(f) => {
            set('proof_front', f?.dataUrl ?? '');
            set('proof_front_name', f?.name ?? '');
          }}
        />
        <ProofInput
          label={opt(t('proofBack'))}
          fileName={slot.proof_back_name}
          onChange={(f) => {
            set('proof_back', f?.dataUrl ?? '');
            set('proof_back_name', f?.name ?? '');
          }}
        />
      </fieldset>
    </div>
  );
}
