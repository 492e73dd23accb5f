/** Occupation, trading experience and annual income: one tap on a card saves it and moves on. */
import type { ProfilingOption } from '@ekyc/contracts/calls/get-occupation-list';
import type { ProfilingDraftValues, ProfilingStep } from '@ekyc/contracts/calls/profiling-draft';
import { isExperienceAllowed } from '@ekyc/contracts/rules';
import { useState } from 'react';
import { useTranslation } from '../../../i18n/use-translation';
import { PageLoader } from '../../../components/spinner';
import { useExperienceList } from '../api/get-experience-list';
import { useIncomeList } from '../api/get-income-list';
import { useOccupationList } from '../api/get-occupation-list';
import { ChoiceCards } from './choice-cards';
import { optionLabel } from './option-label';

export interface StepProps {
  values: ProfilingDraftValues;
  advance: (patch: ProfilingDraftValues, next: ProfilingStep) => Promise<void>;
}

function OptionList({
  step,
  field,
  next,
  options,
  value,
  advance,
  isDisabled,
  note,
}: {
  step: ProfilingStep;
  field: 'occupation' | 'trading_experience' | 'income';
  next: ProfilingStep;
  options: ProfilingOption[] | undefined;
  value: string | undefined;
  advance: StepProps['advance'];
  isDisabled?: (code: string) => boolean;
  note?: string;
}) {
  const { t, i18n } = useTranslation('profiling');
  const [busy, setBusy] = useState<string>();
  if (!options) return <PageLoader label={t('common:loading')} />;
  const choose = async (code: string) => {
    setBusy(code);
    await advance({ [field]: code }, next);
    setBusy(undefined);
  };
  return (
    <>
      <ChoiceCards
        legend={t(`steps.${step}`)}
        choices={options.map((o) => ({
          code: o.code,
          label: optionLabel(o, i18n.language),
          disabled: isDisabled?.(o.code) ?? false,
        }))}
        value={value}
        busy={busy}
        onChoose={(code) => void choose(code)}
      />
      {note && <p className="text-sm text-muted">{note}</p>}
    </>
  );
}

export function OccupationStep({ values, advance }: StepProps) {
  const list = useOccupationList();
  return (
    <OptionList
      step="occupation"
      field="occupation"
      next="trading-experience"
      options={list.data}
      value={values.occupation}
      advance={advance}
    />
  );
}

/** Options above what the applicant's age allows are disabled (section 5: experience counts from 18). */
export function ExperienceStep({ values, advance, age }: StepProps & { age: number | null }) {
  const { t } = useTranslation('profiling');
  const list = useExperienceList();
  const isDisabled = (code: string) => age !== null && !isExperienceAllowed(code, age);
  const someDisabled = list.data?.some((o) => isDisabled(o.code)) ?? false;
  return (
    <OptionList
      step="trading-experience"
      field="trading_experience"
      next="annual-income"
      options={list.data}
      value={values.trading_experience}
      advance={advance}
      isDisabled={isDisabled}
      {...(someDisabled && { note: t('experienceAgeNote') })}
    />
  );
}

export function IncomeStep({ values, advance }: StepProps) {
  const list = useIncomeList();
  return (
    <OptionList
      step="annual-income"
      field="income"
      next="gender-and-marital"
      options={list.data}
      value={values.income}
      advance={advance}
    />
  );
}
