/**
 * Gender and marital status. A gender taken from DigiLocker or PAN changes only after the
 * applicant confirms it (section 5). Choosing the marital status with a gender set moves on.
 */
import { genderMaritalStepSchema } from '@ekyc/contracts/calls/personal-details-update';
import { GENDERS, MARITAL_STATUSES } from '@ekyc/contracts/enums';
import { useState } from 'react';
import { useTranslation } from '../../../i18n/use-translation';
import { Button } from '../../../components/button';
import { Modal } from '../../../components/modal';
import { type Said, saidIn, useMessage } from '../../../lib/use-message';
import { ChoiceCards } from './choice-cards';
import type { StepProps } from './list-steps';

export function GenderMaritalStep({
  values,
  advance,
  documentGender,
}: StepProps & { documentGender: string | undefined }) {
  const { t } = useTranslation('profiling');
  const msg = useMessage();
  const [gender, setGender] = useState(values.gender ?? documentGender);
  const [confirmed, setConfirmed] = useState(values.gender_confirmed ?? false);
  const [marital, setMarital] = useState(values.marital_status);
  const [pending, setPending] = useState<string>();
  const [busy, setBusy] = useState<string>();
  const [errors, setErrors] = useState<{ gender?: Said; marital_status?: Said }>({});
  const genderLabel = (code: string | undefined) => (code ? t(`genders.${code}`) : '');

  const submit = async (g: string | undefined, m: string | undefined, busyCode?: string) => {
    const parsed = genderMaritalStepSchema.safeParse({ gender: g, gender_confirmed: confirmed, marital_status: m });
    if (!parsed.success) {
      const next: typeof errors = {};
      for (const i of parsed.error.issues) next[i.path[0] as keyof typeof errors] = saidIn(i);
      return setErrors(next);
    }
    setErrors({});
    setBusy(busyCode ?? 'continue');
    await advance(parsed.data, 'education');
    setBusy(undefined);
  };

  const chooseGender = (code: string) => {
    if (documentGender && code !== documentGender && code !== gender) return setPending(code);
    setGender(code);
    setConfirmed(code !== documentGender && confirmed);
    setErrors((e) => ({ ...e, gender: undefined }));
  };

  const chooseMarital = (code: string) => {
    setMarital(code);
    if (gender) void submit(gender, code, code);
  };

  return (
    <>
      <p className="mb-4 text-muted">{t('steps.gender-and-marital')}</p>
      <ChoiceCards
        legend={t('gender')}
        columns={3}
        choices={GENDERS.map((g) => ({
          code: g.code,
          label: t(`genders.${g.code}`),
          ...(g.code === documentGender && { description: t('fromDocuments') }),
        }))}
        value={gender}
        busy={busy}
        onChoose={chooseGender}
      />
      {errors.gender && (
        <p role="alert" className="-mt-2 mb-3 text-sm text-danger">
          {msg(errors.gender)}
        </p>
      )}
      <ChoiceCards
        legend={t('maritalStatus')}
        columns={3}
        choices={MARITAL_STATUSES.map((m) => ({ code: m.code, label: t(`marital.${m.code}`) }))}
        value={marital}
        busy={busy}
        onChoose={chooseMarital}
      />
      {errors.marital_status && (
        <p role="alert" className="-mt-2 mb-3 text-sm text-danger">
          {msg(errors.marital_status)}
        </p>
      )}
      <Button onClick={() => void submit(gender, marital)} loading={busy === 'continue'} disabled={busy !== undefined}>
        {t('common:continue')}
      </Button>
      <Modal open={pending !== undefined} title={t('genderChangeTitle')} onClose={() => setPending(undefined)}>
        <p className="mb-4">{t('genderChangeBody', { from: genderLabel(documentGender), to: genderLabel(pending) })}</p>
        <div className="flex gap-2">
          <Button variant="secondary" onClick={() => setPending(undefined)}>
            {t('common:cancel')}
          </Button>
          <Button
            onClick={() => {
              setGender(pending);
              setConfirmed(true);
              setPending(undefined);
              setErrors((e) => ({ ...e, gender: undefined }));
            }}
          >
            {t('common:confirm')}
          </Button>
        </div>
      </Modal>
    </>
  );
}
