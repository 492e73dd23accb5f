/**
 * '/client-profiling/:step' (section 2): occupation, trading-experience, annual-income,
 * gender-and-marital, education, identification and plans, in that order. Each answer is saved
 * server-side with the sub-step to resume at.
 */
import { PROFILING_STEPS, type ProfilingStep } from '@ekyc/contracts/calls/profiling-draft';
import { useTranslation } from '../../../i18n/use-translation';
import { Navigate, useParams } from '../../../lib/router';
import { PageLoader } from '../../../components/spinner';
import { EducationStep } from '../components/education-step';
import { GenderMaritalStep } from '../components/gender-marital-step';
import { IdentificationStep } from '../components/identification-step';
import { ExperienceStep, IncomeStep, OccupationStep } from '../components/list-steps';
import { PlansStep } from '../components/plans-step';
import { stepPath, useProfilingFlow } from '../hooks/use-profiling-flow';

type SubStep = Exclude<ProfilingStep, 'declaration'>;
const isSubStep = (s: string | undefined): s is SubStep =>
  s !== 'declaration' && (PROFILING_STEPS as readonly string[]).includes(s ?? '');

// useStageAction does not fit: each sub-step saves a draft (save-profiling-draft) and moves within the stage; the stage action is the declaration page's (docs/architecture.md).
export default function ProfilingPage() {
  const { step } = useParams();
  if (!isSubStep(step)) return <Navigate to={stepPath('occupation')} replace />;
  return <SubStepView key={step} step={step} />;
}

function SubStepView({ step }: { step: SubStep }) {
  const { t } = useTranslation('profiling');
  const { draft, values, advance } = useProfilingFlow(step);
  if (!draft) return <PageLoader label={t('common:loading')} />;
  const props = { values, advance };
  switch (step) {
    case 'occupation':
      return <OccupationStep {...props} />;
    case 'trading-experience':
      return <ExperienceStep {...props} age={draft.age} />;
    case 'annual-income':
      return <IncomeStep {...props} />;
    case 'gender-and-marital':
      return <GenderMaritalStep {...props} documentGender={draft.prefill.gender} />;
    case 'education':
      return <EducationStep {...props} />;
    case 'identification':
      return <IdentificationStep {...props} prefilledFather={draft.prefill.father_name} />;
    case 'plans':
      return <PlansStep {...props} />;
  }
}
