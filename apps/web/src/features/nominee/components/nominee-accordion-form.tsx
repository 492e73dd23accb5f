/**
 * The add-nominee accordion: slot n+1 opens only when slot n is complete (section 4); shares may
 * not pass 100 while typing and must total exactly 100 on submit (section 5); the statement-of-
 * account radio prints the nominee's name or only the nomination.
 */
import {
  aadhaarAddressOf,
  type LockerSection,
  NOMINEE_SOA_OPTIONS,
  type NomineeSection,
} from '@ekyc/contracts/calls/update-nominee';
import { MSG } from '@ekyc/contracts/messages';
import { shareSubmitError, shareTotalError, totalShare } from '@ekyc/contracts/rules';
import type { UserDetailsRecord } from '@ekyc/contracts/user-details';
import { useMemo, useState } from 'react';
import { type FieldErrors, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/button';
import { ApiError } from '../../../lib/api-client';
import { useScreenNavigate } from '../../../lib/navigation';
import { toast } from '../../../lib/toast';
import { useMessage } from '../../../lib/use-message';
import { useUpdateNominee } from '../api/update-nominee';
import {
  emptySlot,
  isComplete,
  isStarted,
  type NomineeFormValues,
  nomineeResolver,
  slotFromStored,
  slotName,
  startedSlots,
  toRequest,
} from '../hooks/nominee-form';
import { NomineeSlot } from './nominee-slot';
import { SelectField } from '../../../components/select-field';

export function NomineeAccordionForm({ max, details }: { max: number; details: UserDetailsRecord[0] }) {
  const { t } = useTranslation('nominee');
  const msg = useMessage();
  const go = useScreenNavigate();
  const save = useUpdateNominee();
  const stored = details.nominee_obj as NomineeSection;
  const applicantAddress = useMemo(
    () => aadhaarAddressOf(details.digilocker_obj as LockerSection),
    [details.digilocker_obj],
  );

  const form = useForm<NomineeFormValues>({
    resolver: nomineeResolver,
    mode: 'onTouched',
    defaultValues: {
      nominees: Array.from({ length: max }, (_, i) => {
        const n = stored.nominee_list?.[i];
        return n ? slotFromStored(n) : emptySlot();
      }),
      nominee_soa: stored.nominee_soa ?? 'nominee_name',
      nominee_soa_name: stored.nominee_soa_name ?? '',
    },
  });
  const { watch, handleSubmit, setValue, register, formState, setError, clearErrors } = form;
  const slots = watch('nominees');
  const soa = watch('nominee_soa');
  const [open, setOpen] = useState(0);
  const [submitError, setSubmitError] = useState('');

  const started = slots.filter((s, i) => isStarted(s, i));
  const shares = started.map((s) => s.percentage_share);
  const overError = shareTotalError(shares);
  const names = started.filter(isComplete).map(slotName);
  const unlocked = (i: number) => i === 0 || isComplete(slots[i - 1]!);

  const remove = (i: number) => {
    const next = [...slots.slice(0, i), ...slots.slice(i + 1), emptySlot()];
    setValue('nominees', next, { shouldDirty: true });
    clearErrors('nominees');
    setOpen(Math.max(0, i - 1));
  };

  const onValid = async (values: NomineeFormValues) => {
    const shareError = shareSubmitError(startedSlots(values).map((s) => s.percentage_share));
    setSubmitError(shareError ?? '');
    if (shareError) return;
    const request = toRequest(values);
    if (values.nominee_soa === 'nominee_name' && !names.includes(values.nominee_soa_name))
      return setError('nominee_soa_name', { type: 'validate', message: MSG.fieldRequired });
    try {
      const reply = await save.mutateAsync(request);
      if (reply.status) toast.success(msg(reply.message));
      else toast.error(msg(reply.message));
      go(reply.data.screen);
    } catch (err) {
      toast.error(msg(err instanceof ApiError ? err.message.replace(/^[\w.]+: /, '') : undefined));
      if (err instanceof ApiError && typeof err.data.screen === 'string') go(err.data.screen);
    }
  };

  const onInvalid = (errors: FieldErrors<NomineeFormValues>) => {
    const first = errors.nominees
      ? Object.keys(errors.nominees)
          .map(Number)
          .find((k) => !Number.isNaN(k))
      : undefined;
    if (first !== undefined) setOpen(first);
  };

  return (
    <form onSubmit={handleSubmit(onValid, onInvalid)} noValidate>
      <p className="mb-4 text-muted">{t('addIntro', { count: max })}</p>
      {stored.nominee_list?.some((n) => n.proof_front || n.proof_back) && (
        <p className="mb-4 text-sm text-muted">{t('proofsAgain')}</p>
      )}
      <div className="mb-4 divide-y divide-slate-200 rounded-lg border border-slate-200">
        {slots.map((slot, i) => {
          const enabled = unlocked(i);
          const expanded = open === i && enabled;
          const hasErrors = Boolean(formState.errors.nominees?.[i]);
          return (
            <div key={i}>
              <h2>
                <button
                  type="button"
                  id={`nominee-header-${i}`}
                  aria-expanded={expanded}
                  aria-controls={`nominee-panel-${i}`}
                  disabled={!enabled}
                  onClick={() => setOpen(expanded ? -1 : i)}
                  className="flex w-full items-center justify-between gap-2 px-4 py-3 text-left font-semibold disabled:cursor-not-allowed disabled:text-slate-400"
                >
                  <span>
                    {t('slotTitle', { n: i + 1 })}
                    {slotName(slot) && <span className="ml-2 font-normal text-muted">{slotName(slot)}</span>}
                  </span>
                  <span className={`text-sm font-normal ${hasErrors ? 'text-danger' : 'text-muted'}`}>
                    {!enabled
                      ? t('slotLocked')
                      : hasErrors
                        ? t('slotHasErrors')
                        : isComplete(slot)
                          ? t('slotComplete', { share: slot.percentage_share })
                          : ''}
                    <span aria-hidden="true" className="ml-2">
                      {expanded ? '▴' : '▾'}
                    </span>
                  </span>
                </button>
              </h2>
              <div
                id={`nominee-panel-${i}`}
                role="region"
                aria-labelledby={`nominee-header-${i}`}
                hidden={!expanded}
                className="px-4 pb-2"
              >
                {expanded && <NomineeSlot index={i} form={form} applicantAddress={applicantAddress} />}
                {expanded && i > 0 && isStarted(slot, i) && (
                  <Button variant="link" className="mb-3" onClick={() => remove(i)}>
                    {t('removeNominee', { n: i + 1 })}
                  </Button>
                )}
              </div>
            </div>
          );
        })}
      </div>

      <p className="mb-1 text-sm" aria-live="polite">
        {t('totalShare', { total: totalShare(shares) })}
      </p>
      {overError && (
        <p role="alert" className="mb-3 text-sm text-danger">
          {msg(overError)}
        </p>
      )}

      <fieldset className="mb-4 mt-4">
        <legend className="mb-2 text-sm font-semibold">{t('soaLegend')}</legend>
        <div className="flex flex-wrap gap-4">
          {NOMINEE_SOA_OPTIONS.map((o) => (
            <label key={o} className="flex items-center gap-2">
              <input type="radio" value={o} className="h-5 w-5 accent-brand" {...register('nominee_soa')} />
              {t(o === 'nominee_name' ? 'soaNomineeName' : 'soaNomination')}
            </label>
          ))}
        </div>
      </fieldset>
      {soa === 'nominee_name' && (
        <SelectField
          label={t('soaName')}
          placeholder={t('choose')}
          options={names.map((n) => ({ value: n, label: n }))}
          error={msg(formState.errors.nominee_soa_name?.message)}
          {...register('nominee_soa_name')}
        />
      )}

      {submitError && (
        <p role="alert" className="mb-3 text-sm font-semibold text-danger">
          {msg(submitError)}
        </p>
      )}
      <Button type="submit" loading={save.isPending}>
        {t('common:continue')}
      </Button>
    </form>
  );
}
