/** Plan: Discounted or Premium, premium by default (sections 1 and 9). One tap chooses and moves on. */
import { PLANS } from '@ekyc/contracts/enums';
import { DEFAULT_PLAN } from '@ekyc/contracts/constants';
import { useState } from 'react';
import { useTranslation } from '../../../i18n/use-translation';
import { Button } from '../../../components/button';
import { ChoiceCards } from './choice-cards';
import type { StepProps } from './list-steps';

export function PlansStep({ values, advance }: StepProps) {
  const { t } = useTranslation('profiling');
  const plan = values.plan_selected ?? DEFAULT_PLAN;
  const [busy, setBusy] = useState<string>();
  const choose = async (code: string, busyCode = code) => {
    setBusy(busyCode);
    await advance({ plan_selected: code }, 'declaration');
    setBusy(undefined);
  };
  return (
    <>
      <p className="mb-4 text-muted">{t('steps.plans')}</p>
      <ChoiceCards
        legend={t('steps.plans')}
        hideLegend
        columns={1}
        choices={PLANS.map((p) => ({
          code: p,
          label: t(`plans.${p}`),
          description: t(`plans.${p}Text`),
          ...(p === DEFAULT_PLAN && { badge: t('plans.recommended') }),
        }))}
        value={plan}
        busy={busy}
        onChoose={(code) => void choose(code)}
      />
      <Button onClick={() => void choose(plan, 'continue')} loading={busy === 'continue'} disabled={busy !== undefined}>
        {t('common:continue')}
      </Button>
    </>
  );
}
