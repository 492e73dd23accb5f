/**
 * Parents' names (section 5): 3 to 30 letters and spaces, repeated spaces collapsed. The father's
 * name comes prefilled from the Aadhaar care_of with S/O, D/O, C/O and punctuation removed; one
 * longer than the limit is shown whole, with a word on shortening it (the server keeps the
 * document's name as evidence).
 */
import { identificationStepSchema } from '@ekyc/contracts/calls/personal-details-update';
import { NAME_MAX } from '@ekyc/contracts/constants';
import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from '../../../i18n/use-translation';
import type { z } from 'zod';
import { Button } from '../../../components/button';
import { TextField } from '../../../components/text-field';
import { keyedResolver } from '../../../lib/form-resolver';
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
  const { register, handleSubmit, formState, watch, trigger } = useForm<FormInput, unknown, FormOutput>({
    resolver: keyedResolver(identificationStepSchema),
    defaultValues: { father_name: values.father_name ?? prefilledFather ?? '', mother_name: values.mother_name ?? '' },
    mode: 'onTouched',
  });
  const father = watch('father_name');
  const tooLong = Boolean(prefilledFather && prefilledFather.length > NAME_MAX);
  // a document's name over the limit says so at once, not after a tap on Continue
  useEffect(() => {
    if (tooLong && !values.father_name) void trigger('father_name');
  }, [tooLong, values.father_name, trigger]);
  const onSubmit = (parsed: FormOutput) => advance(parsed, 'plans');
  return (
    <form onSubmit={handleSubmit(onSubmit)} noValidate>
      <p className="mb-4 text-muted">{t('steps.identification')}</p>
      <TextField
        label={t('fatherName')}
        autoComplete="off"
        maxLength={60}
        error={msg(formState.errors.father_name)}
        {...(tooLong && father.length > NAME_MAX
          ? { hint: t('fatherTooLong', { name: prefilledFather, count: prefilledFather!.length, max: NAME_MAX }) }
          : prefilledFather && father === prefilledFather && { hint: t('fatherPrefilled') })}
        {...register('father_name')}
      />
      <TextField
        label={t('motherName')}
        autoComplete="off"
        maxLength={60}
        error={msg(formState.errors.mother_name)}
        {...register('mother_name')}
      />
      <Button type="submit" loading={formState.isSubmitting}>
        {t('common:continue')}
      </Button>
    </form>
  );
}
