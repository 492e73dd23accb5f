/** Education: one tap moves on, except Other, which needs the free text (section 5). */
import { educationStepSchema } from '@ekyc/contracts/calls/personal-details-update';
import { useState } from 'react';
import { useTranslation } from '../../../i18n/use-translation';
import { Button } from '../../../components/button';
import { PageLoader } from '../../../components/spinner';
import { TextField } from '../../../components/text-field';
import { type Said, saidIn, useMessage } from '../../../lib/use-message';
import { useEducationList } from '../api/get-education-list';
import { ChoiceCards } from './choice-cards';
import type { StepProps } from './list-steps';
import { optionLabel } from './option-label';

export function EducationStep({ values, advance }: StepProps) {
  const { t, i18n } = useTranslation('profiling');
  const msg = useMessage();
  const list = useEducationList();
  const [education, setEducation] = useState(values.education);
  const [other, setOther] = useState(values.other_education ?? '');
  const [busy, setBusy] = useState<string>();
  const [errors, setErrors] = useState<{ education?: Said; other_education?: Said }>({});

  const submit = async (code: string | undefined, otherText: string, busyCode: string) => {
    const parsed = educationStepSchema.safeParse({ education: code, other_education: otherText });
    if (!parsed.success) {
      const next: typeof errors = {};
      for (const i of parsed.error.issues) next[i.path[0] as keyof typeof errors] ??= saidIn(i);
      return setErrors(next);
    }
    setErrors({});
    setBusy(busyCode);
    await advance(parsed.data, 'identification');
    setBusy(undefined);
  };

  if (!list.data) return <PageLoader label={t('common:loading')} />;
  const choose = (code: string) => {
    setEducation(code);
    setErrors({});
    if (code !== 'other') void submit(code, '', code);
  };
  return (
    <>
      <ChoiceCards
        legend={t('steps.education')}
        choices={list.data.map((o) => ({ code: o.code, label: optionLabel(o, i18n.language) }))}
        value={education}
        busy={busy}
        onChoose={choose}
      />
      {errors.education && (
        <p role="alert" className="-mt-2 mb-3 text-sm text-danger">
          {msg(errors.education)}
        </p>
      )}
      {education === 'other' && (
        <form
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            void submit('other', other, 'continue');
          }}
        >
          <TextField
            label={t('otherEducation')}
            hint={t('otherEducationHint')}
            value={other}
            maxLength={100}
            autoFocus
            error={msg(errors.other_education)}
            onChange={(e) => setOther(e.target.value)}
          />
          <Button type="submit" loading={busy === 'continue'}>
            {t('common:continue')}
          </Button>
        </form>
      )}
    </>
  );
}
