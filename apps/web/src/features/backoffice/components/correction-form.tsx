/**
 * Corrects what held a registration back, from the client's own request, before a retry: the
 * email, the income range, or a family declaration for a contact shared with another client.
 * Checked here with the API's own schema; the note says what the correction rests on.
 */
import { CORRECTION_FIELDS, registrationCorrectionSchema } from '@ekyc/contracts/calls/backoffice-registrations';
import { ANNUAL_INCOME, FAMILY_RELATIONS } from '@ekyc/contracts/enums';
import { type FormEvent, useState } from 'react';
import { useTranslation } from '../../../i18n/use-translation';
import { Button } from '../../../components/button';
import { TextField } from '../../../components/text-field';
import { toast } from '../../../lib/toast';
import { useCorrectRegistration } from '../api/correct-registration';
import { SelectField } from './select-field';

type Field = (typeof CORRECTION_FIELDS)[number];

export function CorrectionForm({ applicationId }: { applicationId: string }) {
  const { t } = useTranslation('registrations');
  const correct = useCorrectRegistration(applicationId);
  const [field, setField] = useState<Field>('email');
  const [value, setValue] = useState('');
  const [relation, setRelation] = useState('');
  const [holder, setHolder] = useState('');
  const [note, setNote] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const draft =
      field === 'family_declaration' ? { field, relation, holder_name: holder, note } : { field, value, note };
    const parsed = registrationCorrectionSchema.safeParse(draft);
    if (!parsed.success) {
      setErrors(Object.fromEntries(parsed.error.issues.map((i) => [String(i.path[0]), i.message])));
      return;
    }
    setErrors({});
    try {
      const reply = await correct.mutateAsync(parsed.data);
      if (!reply.status) return void toast.error(reply.message);
      toast.success(t('correction.saved'));
      setValue('');
      setHolder('');
      setRelation('');
      setNote('');
    } catch (err) {
      toast.error((err as Error).message);
    }
  };

  return (
    <details className="mt-3 rounded-lg border border-slate-200 p-3" data-testid="correction">
      <summary className="cursor-pointer font-semibold">{t('correction.open')}</summary>
      <form noValidate onSubmit={(e) => void submit(e)} className="mt-3 grid gap-3 sm:grid-cols-2">
        <p className="text-sm text-muted sm:col-span-2">{t('correction.intro')}</p>
        <SelectField
          label={t('correction.field')}
          value={field}
          onChange={(e) => {
            setField(e.target.value as Field);
            setErrors({});
          }}
        >
          {CORRECTION_FIELDS.map((f) => (
            <option key={f} value={f}>
              {t(`correction.fields.${f}`)}
            </option>
          ))}
        </SelectField>
        {field === 'email' && (
          <TextField
            label={t('correction.email')}
            type="email"
            inputMode="email"
            autoComplete="off"
            value={value}
            onChange={(e) => setValue(e.target.value)}
            error={errors.value}
            className="!mb-0"
          />
        )}
        {field === 'annual_income' && (
          <div>
            <SelectField label={t('correction.income')} value={value} onChange={(e) => setValue(e.target.value)}>
              <option value="">{t('correction.choose')}</option>
              {ANNUAL_INCOME.map((i) => (
                <option key={i.code} value={i.code}>
                  {i.label}
                </option>
              ))}
            </SelectField>
            {errors.value && <p className="mt-1 text-sm text-danger">{errors.value}</p>}
          </div>
        )}
        {field === 'family_declaration' && (
          <>
            <div>
              <SelectField
                label={t('correction.relation')}
                value={relation}
                onChange={(e) => setRelation(e.target.value)}
              >
                <option value="">{t('correction.choose')}</option>
                {FAMILY_RELATIONS.map((r) => (
                  <option key={r} value={r}>
                    {t(`correction.relations.${r}`)}
                  </option>
                ))}
              </SelectField>
              {errors.relation && <p className="mt-1 text-sm text-danger">{errors.relation}</p>}
            </div>
            <TextField
              label={t('correction.holder')}
              value={holder}
              onChange={(e) => setHolder(e.target.value)}
              error={errors.holder_name}
              className="!mb-0"
            />
          </>
        )}
        <TextField
          label={t('correction.note')}
          value={note}
          onChange={(e) => setNote(e.target.value)}
          error={errors.note}
          className="!mb-0 sm:col-span-2"
        />
        <div className="sm:col-span-2">
          <Button type="submit" className="!w-auto px-4" loading={correct.isPending}>
            {t('correction.save')}
          </Button>
        </div>
      </form>
    </details>
  );
}
