/**
 * The fields of one nominee (section 3) with the section 5 rules' messages: the essentials first,
 * the share with the running total beside it; the optional contact and identity details folded
 * into parts that say when they hold an error.
 */
import type { NomineeAddress } from '@ekyc/contracts/calls/update-nominee';
import { IDENTITY_DOCUMENTS, NOMINEE_RELATIONS } from '@ekyc/contracts/enums';
import { normalisePan } from '@ekyc/contracts/rules';
import { MOBILE_LENGTH, NOMINEE_SHARE_TOTAL, type NomineeField, PINCODE_LENGTH } from '@ekyc/contracts/constants';
import type { ChangeEvent, ReactNode } from 'react';
import type { UseFormReturn } from 'react-hook-form';
import { useTranslation } from '../../../i18n/use-translation';
import { Checkbox } from '../../../components/checkbox';
import { TextField } from '../../../components/text-field';
import { useMessage } from '../../../lib/use-message';
import {
  FIELD_PARTS,
  isMinor,
  type NomineeFormValues,
  type NomineePart,
  type NomineeSlotValues,
} from '../hooks/nominee-form';
import { ProofInput } from './proof-input';
import { SelectField } from '../../../components/select-field';

const ADDRESS_FIELDS = ['address', 'address2', 'pincode', 'city', 'state', 'country'] as const;
const today = () => new Date().toISOString().slice(0, 10);

/** A folded part of the nominee: a button that opens it, saying whether it holds details or an error. */
function Part({
  id,
  title,
  open,
  onToggle,
  status,
  hasErrors,
  children,
}: {
  id: string;
  title: string;
  open: boolean;
  onToggle: () => void;
  status: string;
  hasErrors: boolean;
  children: ReactNode;
}) {
  return (
    <div className={`mb-3 rounded-lg border ${hasErrors ? 'border-danger' : 'border-slate-200'}`}>
      <h3>
        <button
          type="button"
          aria-expanded={open}
          aria-controls={id}
          onClick={onToggle}
          className="flex min-h-11 w-full items-center justify-between gap-2 px-3 py-2 text-left text-sm font-semibold"
        >
          <span>{title}</span>
          <span className={`shrink-0 whitespace-nowrap font-normal ${hasErrors ? 'text-danger' : 'text-muted'}`}>
            {status}
            <span aria-hidden="true" className="ml-2">
              {open ? '▴' : '▾'}
            </span>
          </span>
        </button>
      </h3>
      <div id={id} hidden={!open} className="px-3">
        {open && children}
      </div>
    </div>
  );
}

export function NomineeSlot({
  index,
  form,
  mandatory,
  applicantAddress,
  total,
  shareError,
  isOpen,
  onToggle,
}: {
  index: number;
  form: UseFormReturn<NomineeFormValues>;
  mandatory: readonly NomineeField[];
  applicantAddress: NomineeAddress | null;
  /** The running total of all nominees' shares. */
  total: number;
  /** The shares' total error (over 100; not 100 on submit), shown at this nominee's share. */
  shareError: string;
  isOpen: (part: NomineePart) => boolean;
  onToggle: (part: NomineePart) => void;
}) {
  const { t } = useTranslation('nominee');
  const msg = useMessage();
  const { register, setValue, watch, formState, clearErrors } = form;
  const path = `nominees.${index}` as const;
  const slot = watch(path);
  const errors = formState.errors.nominees?.[index];
  const err = (field: keyof NomineeSlotValues) => msg(errors?.[field]);
  const sameAddress = slot.same_address_flag;
  const minor = isMinor(slot.dob);
  const opt = (label: string) => `${label} ${t('optional')}`;
  const optionalUnless = (field: NomineeField, label: string) => (mandatory.includes(field) ? label : opt(label));
  const partStatus = (part: NomineePart, filled: boolean) => {
    const hasErrors = FIELD_PARTS.some(([f, p]) => p === part && errors?.[f]);
    return { hasErrors, status: hasErrors ? t('partHasErrors') : filled && !isOpen(part) ? t('partFilled') : '' };
  };
  const filled = (...fields: (keyof NomineeSlotValues)[]) => fields.some((f) => String(slot[f]).trim() !== '');
  const contact = partStatus(
    'contact',
    filled('email', 'mobile', 'address', 'address2', 'pincode', 'city', 'state') || sameAddress,
  );
  const identity = partStatus('identity', filled('identity_doc_type', 'proof_type', 'proof_front', 'proof_back'));
  const set = (field: keyof NomineeSlotValues, value: string | boolean) =>
    setValue(`${path}.${field}`, value as never, { shouldDirty: true, shouldValidate: formState.isSubmitted });

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
      {/* two columns whose labels, fields and messages line up (a subgrid each), whichever label wraps */}
      <div className="grid grid-cols-2 gap-x-3 *:row-span-3 *:grid *:grid-cols-1 *:grid-rows-subgrid">
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
        <TextField
          label={optionalUnless('date_of_birth', t('dob'))}
          type="date"
          max={today()}
          error={err('dob')}
          {...register(`${path}.dob`)}
        />
      </div>
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
        label={optionalUnless('share', t('share'))}
        inputMode="decimal"
        hint={mandatory.includes('share') || total > 0 ? undefined : t('shareEqualHint')}
        aside={
          <span
            className={
              total > NOMINEE_SHARE_TOTAL
                ? 'font-semibold text-danger'
                : total === NOMINEE_SHARE_TOTAL
                  ? 'font-semibold text-success'
                  : ''
            }
          >
            {t('totalOf', { total })}
          </span>
        }
        error={err('percentage_share') || shareError}
        {...filtered('percentage_share', (v) => v.replace(/[^\d.]/g, ''))}
      />

      <Part
        id={`nominee-${index}-contact`}
        title={opt(t('contactPart'))}
        open={isOpen('contact')}
        onToggle={() => onToggle('contact')}
        {...contact}
      >
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
          {...filtered('mobile', (v) => v.replace(/\D/g, '').slice(0, MOBILE_LENGTH))}
        />
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
            {...filtered('pincode', (v) => v.replace(/\D/g, '').slice(0, PINCODE_LENGTH))}
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
      </Part>

      <Part
        id={`nominee-${index}-identity`}
        title={opt(t('identityLegend'))}
        open={isOpen('identity')}
        onToggle={() => onToggle('identity')}
        {...identity}
      >
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
            hint={slot.identity_doc_type === 'aadhaar' && !err('proof_number') ? msg('aadhaarHint') : undefined}
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
      </Part>
    </div>
  );
}
