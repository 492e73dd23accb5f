/**
 * Parents' names (section 5): 3 to 30 letters and spaces, repeated spaces collapsed. The father's
 * name comes prefilled from the Aadhaar care_of with S/O, D/O, C/O and punctuation removed.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { identificationStepSchema } from '@ekyc/contracts/calls/personal-details-update';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { Button } from '../../../components/button';
import { TextField } from '../../../components/text-field';
import { useMessage } from '../../../lib/use-message';
import type { StepProps } from './list-steps';

type FormInput = z.input<typeof identificationStepSchema>;
type FormOutput = z.output<typeof identificationStepSchema>;

export function IdentificationStep({
  values,
  advance,
  prefilledFather,
}: StepProps & { prefilledFather: string | undefined }) {
  const { t } = useTranslation('profiling');
  const msg = useMessage();
  const { register, handleSubmit, formState, watch } = useForm<FormInput, unknown, FormOutput>({
    resolver: zodResolver(identificationStepSchema),
    defaultValues: { father_name: values.father_name ?? prefilledFather ?? '', mother_name: values.mother_name ?? '' },
    mode: 'onTouched',
  });
  const father = watch('father_name');
  const onSubmit = (parsed: FormOutput) => advance(parsed, 'plans');
  return (
    <form onSubmit={handleSubmit(onSubmit)} noValidate>
      <p className="mb-4 text-muted">{t('steps.identification')}</p>
      <TextField
        label={t('fatherName')}
        autoComplete="off"
        maxLength={60}
        error={msg(formState.errors.father_name?.message)}
        {...(prefilledFather && father === prefilledFather && { hint: t('fatherPrefilled') })}
        {...register('father_name')}
      />
      <TextField
        label={t('motherName')}
        autoComplete="off"
        maxLength={60}
        error={msg(formState.errors.mother_name?.message)}
        {...register('mother_name')}
      />
      <Button type="submit" loading={formState.isSubmitting}>
        {t('common:continue')}
      </Button>
    </form>
  );
}
