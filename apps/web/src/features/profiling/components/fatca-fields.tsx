import { isLanguage, LANGUAGE_TAGS } from '@ekyc/contracts/constants';
/**
 * The FATCA/CRS self-certification of the declaration page: place and country of birth, and each
 * country outside India where the applicant is resident for tax, with the TIN there or the reason
 * there is none (what the KRA record carries).
 */
import { COUNTRY_CODES, FATCA_MAX_RESIDENCIES } from '@ekyc/contracts/fatca';
import { useMemo } from 'react';
import {
  type Control,
  type FieldErrors,
  type FieldValues,
  type Path,
  type UseFormRegister,
  useFieldArray,
  type ArrayPath,
} from 'react-hook-form';
import { useTranslation } from '../../../i18n/use-translation';
import { Button } from '../../../components/button';
import { SelectField } from '../../../components/select-field';
import { TextField } from '../../../components/text-field';
import { useMessage } from '../../../lib/use-message';

export interface FatcaValues {
  place_of_birth: string;
  country_of_birth: string;
  tax_residencies: { country: string; tin?: string; no_tin_reason?: string }[];
}

type Form = FieldValues & { fatca: FatcaValues };

export function FatcaFields<T extends Form, O>({
  register,
  control,
  errors,
}: {
  register: UseFormRegister<T>;
  control: Control<T, unknown, O>;
  errors: FieldErrors<FatcaValues> | undefined;
}) {
  const { t, i18n } = useTranslation('profiling');
  const msg = useMessage();
  const { fields, append, remove } = useFieldArray({ control, name: 'fatca.tax_residencies' as ArrayPath<T> });
  const countries = useMemo(() => {
    const names = new Intl.DisplayNames([LANGUAGE_TAGS[isLanguage(i18n.language) ? i18n.language : 'en']], {
      type: 'region',
    });
    return COUNTRY_CODES.map((code) => ({ value: code, label: names.of(code) ?? code })).sort((a, b) =>
      a.label.localeCompare(b.label),
    );
  }, [i18n.language]);
  const abroad = countries.filter((c) => c.value !== 'IN');
  const path = (p: string) => `fatca.${p}` as Path<T>;
  return (
    <fieldset className="border-b border-slate-100 py-3" data-testid="fatca">
      <legend className="mb-1 text-sm font-semibold text-ink">{t('fatca.legend')}</legend>
      <p className="mb-2 text-sm text-muted">{t('fatca.intro')}</p>
      <TextField
        label={t('fatca.placeOfBirth')}
        autoComplete="off"
        maxLength={50}
        error={msg(errors?.place_of_birth)}
        {...register(path('place_of_birth'))}
      />
      <SelectField
        label={t('fatca.countryOfBirth')}
        options={countries}
        error={msg(errors?.country_of_birth)}
        {...register(path('country_of_birth'))}
      />
      {fields.map((field, i) => (
        <div key={field.id} className="mb-3 rounded-lg border border-slate-200 p-3">
          <SelectField
            label={t('fatca.residencyCountry')}
            placeholder={t('fatca.chooseCountry')}
            options={abroad}
            error={msg(errors?.tax_residencies?.[i]?.country)}
            {...register(path(`tax_residencies.${i}.country`))}
          />
          <TextField
            label={t('fatca.tin')}
            autoComplete="off"
            maxLength={25}
            error={msg(errors?.tax_residencies?.[i]?.tin)}
            {...register(path(`tax_residencies.${i}.tin`))}
          />
          <TextField
            label={t('fatca.noTinReason')}
            autoComplete="off"
            maxLength={100}
            error={msg(errors?.tax_residencies?.[i]?.no_tin_reason)}
            {...register(path(`tax_residencies.${i}.no_tin_reason`))}
          />
          <Button type="button" variant="secondary" onClick={() => remove(i)}>
            {t('fatca.removeResidency')}
          </Button>
        </div>
      ))}
      {fields.length < FATCA_MAX_RESIDENCIES && (
        <Button
          type="button"
          variant="secondary"
          onClick={() => append({ country: '', tin: '', no_tin_reason: '' } as never)}
        >
          {t('fatca.addResidency')}
        </Button>
      )}
    </fieldset>
  );
}
