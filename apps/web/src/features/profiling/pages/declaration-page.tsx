/**
 * '/client-profiling/declaration' (sections 2, 3 and 5): Indian citizen, tax resident of India and
 * not politically exposed must be on; in the five-switch reading settle and preference (the
 * electronic contract note) too. Settlement Quarterly or Monthly, and the BSDA option. Continue
 * sends the whole personal details payload and follows the returned screen.
 */
import { declarationStepSchema } from '@ekyc/contracts/calls/personal-details-update';
import type { ProfilingDraftData, ProfilingStep } from '@ekyc/contracts/calls/profiling-draft';
import { DEFAULT_SETTLEMENT } from '@ekyc/contracts/constants';
import { FAMILY_RELATIONS, SETTLEMENT_FREQUENCIES } from '@ekyc/contracts/enums';
import { type Resolver, useForm } from 'react-hook-form';
import { useTranslation } from '../../../i18n/use-translation';
import { useNavigate } from '../../../lib/router';
import type { z } from 'zod';
import { Button } from '../../../components/button';
import { TextField } from '../../../components/text-field';
import { PageLoader } from '../../../components/spinner';
import { keyedResolver } from '../../../lib/form-resolver';
import { useMessage } from '../../../lib/use-message';
import { useStageAction } from '../../../lib/use-stage-action';
import { useUpdatePersonalDetails } from '../api/update-personal-details';
import { SwitchField } from '../components/switch-field';
import { FatcaFields, type FatcaValues } from '../components/fatca-fields';
import { stepPath, useProfilingFlow } from '../hooks/use-profiling-flow';

/** Where a refused field is answered, so the applicant lands on it. */
const STEP_OF_FIELD: Record<string, ProfilingStep> = {
  occupation: 'occupation',
  trading_experience: 'trading-experience',
  income: 'annual-income',
  gender: 'gender-and-marital',
  gender_confirmed: 'gender-and-marital',
  marital_status: 'gender-and-marital',
  education: 'education',
  other_education: 'education',
  mother_name: 'identification',
  father_name: 'identification',
  plan_selected: 'plans',
};

export default function DeclarationPage() {
  const { t } = useTranslation('profiling');
  const { draft } = useProfilingFlow('declaration');
  if (!draft) return <PageLoader label={t('common:loading')} />;
  return <DeclarationForm draft={draft} />;
}

type Schema = ReturnType<typeof declarationStepSchema>;
/** The switches as the form holds them (on or off); the schema decides which must be on. */
interface DeclarationValues {
  indian_citizen: boolean;
  resident_of_india: boolean;
  politically_exposed: boolean;
  settle: boolean;
  preference: boolean;
  bsda: boolean;
  preference_selected: (typeof SETTLEMENT_FREQUENCIES)[number];
  /** Asked only when another applicant gives the same email (the family declaration). */
  family_relation?: string;
  family_holder_name?: string;
  /** FATCA/CRS: place and country of birth, a tax residency outside India with its TIN. */
  fatca: FatcaValues;
}
type SwitchName = Exclude<
  keyof DeclarationValues,
  'preference_selected' | 'family_relation' | 'family_holder_name' | 'fatca'
>;
const LABEL: Record<SwitchName, string> = {
  indian_citizen: 'indianCitizen',
  resident_of_india: 'residentOfIndia',
  politically_exposed: 'politicallyExposed',
  settle: 'settle',
  preference: 'preference',
  bsda: 'bsda',
};

function DeclarationForm({ draft }: { draft: ProfilingDraftData }) {
  const { t } = useTranslation('profiling');
  const msg = useMessage();
  const navigate = useNavigate();
  const update = useUpdatePersonalDetails();
  const reading = draft.declaration_switches;
  const shared = draft.shared_email === true;
  const v = draft.values;
  // Booleans default true (section 3).
  const { register, handleSubmit, formState, control } = useForm<DeclarationValues, unknown, z.output<Schema>>({
    resolver: keyedResolver(declarationStepSchema(reading, shared)) as unknown as Resolver<
      DeclarationValues,
      unknown,
      z.output<Schema>
    >,
    defaultValues: {
      indian_citizen: v.indian_citizen ?? true,
      resident_of_india: v.resident_of_india ?? true,
      politically_exposed: v.politically_exposed ?? true,
      settle: v.settle ?? true,
      preference: v.preference ?? true,
      bsda: v.bsda ?? true,
      preference_selected: v.preference_selected === 'Monthly' ? 'Monthly' : DEFAULT_SETTLEMENT,
      ...(shared && { family_relation: v.family_relation ?? '', family_holder_name: v.family_holder_name ?? '' }),
      fatca: { place_of_birth: '', country_of_birth: 'IN', tax_residencies: [] },
    },
  });
  const required = new Set<string>([
    'indian_citizen',
    'resident_of_india',
    'politically_exposed',
    ...(reading === 5 ? ['settle', 'preference'] : []),
  ]);
  const errorOf = (name: keyof DeclarationValues) => formState.errors[name];

  const submit = useStageAction(update.mutateAsync, {
    quietSuccess: true,
    // a field refused is on an earlier step of the stage: go back to it
    onFieldErrors: (problems) => {
      const step = problems.map((p) => STEP_OF_FIELD[p.field]).find(Boolean);
      if (step) navigate(stepPath(step));
    },
  });
  const onSubmit = (declarations: z.output<Schema>) => submit({ ...draft.values, ...declarations });

  const switchField = (name: SwitchName) => (
    <SwitchField
      key={name}
      label={t(LABEL[name])}
      {...(required.has(name) && { requiredMark: t('requiredMark') })}
      {...(name === 'bsda' && { note: t('bsdaNote') })}
      // a switch's only error is being off, and the spec's generic 'Above Field is required' says
      // nothing beside a switch: say what to do
      error={errorOf(name) ? t('switchRequired') : undefined}
      {...register(name)}
    />
  );

  return (
    <form onSubmit={handleSubmit(onSubmit)} noValidate>
      <p className="mb-2 text-muted">{t('declarationIntro')}</p>
      <div className="mb-4">
        {switchField('indian_citizen')}
        {switchField('resident_of_india')}
        {switchField('politically_exposed')}
        <FatcaFields register={register} control={control} errors={formState.errors.fatca} />
        {switchField('settle')}
        <fieldset className="border-b border-slate-100 py-3">
          <legend className="mb-2 text-sm font-semibold text-ink">{t('settlementFrequency')}</legend>
          <div className="grid grid-cols-2 gap-2">
            {SETTLEMENT_FREQUENCIES.map((f) => (
              <label
                key={f}
                className="flex min-h-12 cursor-pointer items-center gap-2 rounded-lg border-2 border-slate-200 px-3 has-checked:border-brand has-checked:bg-blue-50"
              >
                <input type="radio" value={f} className="h-5 w-5 accent-brand" {...register('preference_selected')} />
                <span className="font-semibold">{t(`frequencies.${f}`)}</span>
              </label>
            ))}
          </div>
        </fieldset>
        {switchField('preference')}
        {switchField('bsda')}
        {shared && (
          <fieldset className="border-b border-slate-100 py-3" aria-describedby="family-intro">
            <legend className="mb-1 text-sm font-semibold text-ink">{t('family.legend')}</legend>
            <p id="family-intro" className="mb-2 text-sm text-muted">
              {t('family.intro')}
            </p>
            <div className="grid gap-2">
              {FAMILY_RELATIONS.map((r) => (
                <label
                  key={r}
                  className="flex min-h-12 cursor-pointer items-center gap-2 rounded-lg border-2 border-slate-200 px-3 has-checked:border-brand has-checked:bg-blue-50"
                >
                  <input type="radio" value={r} className="h-5 w-5 accent-brand" {...register('family_relation')} />
                  <span className="font-semibold">{t(`family.relations.${r}`)}</span>
                </label>
              ))}
            </div>
            {errorOf('family_relation') && (
              <p role="alert" className="mt-1 text-sm text-danger">
                {msg(errorOf('family_relation'))}
              </p>
            )}
            <TextField
              className="mt-3"
              label={t('family.holder')}
              autoComplete="off"
              maxLength={100}
              error={msg(errorOf('family_holder_name'))}
              {...register('family_holder_name')}
            />
          </fieldset>
        )}
      </div>
      <Button type="submit" loading={update.isPending}>
        {t('common:continue')}
      </Button>
    </form>
  );
}
