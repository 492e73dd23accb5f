/**
 * The add-nominee form, one nominee at a time so that each fits a phone screen: the nominees as
 * buttons above, the one being edited below with previous, next, add and remove. A nominee can be
 * added once the last one is complete (section 4). The running total of the shares is beside the
 * share field, with the total's error there: it may not pass 100 while typing and must total
 * exactly 100 on submit unless the rule set lets shares be left blank for equal shares (section
 * 5). The statement-of-account radio prints the nominee's name or only the nomination.
 */
import { aadhaarAddressOf, NOMINEE_SOA_OPTIONS, type NomineeConfig } from '@ekyc/contracts/calls/update-nominee';
import { NOMINEE_FIELDS } from '@ekyc/contracts/constants';
import { MSG, type MessageKey } from '@ekyc/contracts/messages';
import { resolveShares, shareTotalError, totalShare } from '@ekyc/contracts/nominee-rules';
import type { UserDetailsRecord } from '@ekyc/contracts/user-details';
import { useEffect, useMemo, useRef, useState } from 'react';
import { type FieldErrors, type Path, useForm } from 'react-hook-form';
import { useTranslation } from '../../../i18n/use-translation';
import { Button } from '../../../components/button';
import { SelectField } from '../../../components/select-field';
import { useMessage } from '../../../lib/use-message';
import { useStageAction } from '../../../lib/use-stage-action';
import { useUpdateNominee } from '../api/update-nominee';
import {
  emptySlot,
  fieldsWithErrors,
  isComplete,
  type NomineeFormValues,
  type NomineePart,
  nomineeResolver,
  slotFromStored,
  slotName,
  toRequest,
} from '../hooks/nominee-form';
import { NomineeSlot } from './nominee-slot';
import { NomineeTabs } from './nominee-tabs';

type FocusTarget = 'heading' | Path<NomineeFormValues>;
const sharesOf = (values: NomineeFormValues) => values.nominees.map((s) => s.percentage_share);
const NAV_BUTTON =
  'inline-flex min-h-11 items-center justify-center gap-1 rounded-lg border border-brand bg-white px-3 py-2 text-sm font-semibold text-brand hover:bg-blue-50 disabled:cursor-not-allowed disabled:opacity-50';
const partsOpen = (parts: NomineePart[]) => Object.fromEntries(parts.map((p) => [p, true]));

export function NomineeStepsForm({ config, details }: { config: NomineeConfig; details: UserDetailsRecord[0] }) {
  const { t } = useTranslation('nominee');
  const msg = useMessage();
  const save = useUpdateNominee();
  const max = config.max_nominees;
  const mandatory = config.mandatory ?? NOMINEE_FIELDS;
  const shareMandatory = mandatory.includes('share');
  const stored = details.nominee_obj;
  const applicantAddress = useMemo(() => aadhaarAddressOf(details.digilocker_obj), [details.digilocker_obj]);
  const resolver = useMemo(() => nomineeResolver(mandatory), [mandatory]);

  const form = useForm<NomineeFormValues>({
    resolver,
    mode: 'onTouched',
    // the field with the error may be on another nominee: onInvalid shows it, then focuses it
    shouldFocusError: false,
    defaultValues: {
      nominees: stored.nominee_list?.length ? stored.nominee_list.slice(0, max).map(slotFromStored) : [emptySlot()],
      nominee_soa: stored.nominee_soa ?? 'nominee_name',
      nominee_soa_name: stored.nominee_soa_name ?? '',
    },
  });
  const { watch, handleSubmit, register, formState, setError, getValues, setValue, clearErrors, trigger } = form;
  const saveNominees = useStageAction(save.mutateAsync, { setError });
  const slots = watch('nominees');
  const soa = watch('nominee_soa');
  const [current, setCurrent] = useState(0);
  // a key for each nominee that stays with it when another is removed (not useFieldArray: adding
  // or removing one would validate the fields of all, the untouched ones included)
  const [keys, setKeys] = useState(() => slots.map((_, i) => i));
  const nextKey = useRef(slots.length);
  // the folded parts of the nominee shown that are open: all fold again when another is shown
  const [openParts, setOpenParts] = useState<Partial<Record<NomineePart, boolean>>>({});
  const [focusTarget, setFocusTarget] = useState<{ target: FocusTarget } | null>(null);
  // the submit's share error, shown while the shares are those it was about
  const [shareCheck, setShareCheck] = useState<{ error: MessageKey; shares: string } | null>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);

  useEffect(() => {
    if (!focusTarget) return;
    // the nominee's heading in view first, so that a field given the focus is seen with whose it is
    headingRef.current?.scrollIntoView?.({ block: 'nearest' });
    if (focusTarget.target === 'heading') headingRef.current?.focus();
    else form.setFocus(focusTarget.target);
  }, [focusTarget, form]);

  const shares = slots.map((s) => s.percentage_share);
  const total = totalShare(shares);
  const shareError =
    shareTotalError(shares) ?? (shareCheck?.shares === shares.join('|') ? shareCheck.error : undefined);
  const names = slots.filter((s) => isComplete(s, mandatory)).map(slotName);
  const nomineeErrors = (i: number) => formState.errors.nominees?.[i];
  const canAdd = slots.length < max && isComplete(slots[slots.length - 1]!, mandatory);
  const slotKey = keys[current]!;

  /** Shows nominee i and moves the focus to its heading (or the field given). */
  const show = (i: number, target: FocusTarget = 'heading', open: NomineePart[] = []) => {
    // another nominee is shown with its parts folded (one screen); those given are opened
    setOpenParts((was) => ({ ...(i === current ? was : {}), ...partsOpen(open) }));
    setCurrent(i);
    setFocusTarget({ target });
  };

  const add = () => {
    const index = slots.length;
    setValue('nominees', [...getValues('nominees'), emptySlot()], { shouldDirty: true });
    setKeys((k) => [...k, nextKey.current++]);
    show(index, `nominees.${index}.first_name`);
  };

  const removeCurrent = () => {
    const next = getValues('nominees').filter((_, i) => i !== current);
    setValue('nominees', next, { shouldDirty: true });
    setKeys((k) => k.filter((_, i) => i !== current));
    // the errors were those of the nominees' old places
    clearErrors('nominees');
    if (formState.isSubmitted) void trigger('nominees');
    show(Math.min(current, next.length - 1));
  };

  const checkShares = (values: NomineeFormValues) => {
    const { error } = resolveShares(sharesOf(values), shareMandatory);
    setShareCheck(error ? { error, shares: sharesOf(values).join('|') } : null);
    return error;
  };

  const onValid = async (values: NomineeFormValues) => {
    if (checkShares(values)) return show(current, `nominees.${current}.percentage_share`);
    if (values.nominee_soa === 'nominee_name' && !names.includes(values.nominee_soa_name))
      return setError('nominee_soa_name', { type: 'fieldRequired', message: MSG.fieldRequired }, { shouldFocus: true });
    await saveNominees(toRequest(values));
  };

  /** Shows the first nominee with an error, its folded parts with errors opened, and focuses the first such field. */
  const onInvalid = (errors: FieldErrors<NomineeFormValues>) => {
    checkShares(getValues());
    const index = slots.findIndex((_, i) => errors.nominees?.[i]);
    if (index === -1) return;
    const withErrors = fieldsWithErrors(errors.nominees?.[index]);
    show(
      index,
      `nominees.${index}.${withErrors[0]?.[0] ?? 'first_name'}`,
      withErrors.map(([, part]) => part),
    );
  };

  const slot = slots[current]!;
  return (
    <form onSubmit={handleSubmit(onValid, onInvalid)} noValidate>
      <p className="mb-3 text-sm text-muted">{t('addIntro', { count: max })}</p>
      {stored.nominee_list?.some((n) => n.proof_front || n.proof_back) && (
        <p className="mb-3 text-sm text-muted">{t('proofsAgain')}</p>
      )}
      {slots.length > 1 && (
        <NomineeTabs
          tabs={slots.map((s, i) => ({
            name: slotName(s),
            complete: isComplete(s, mandatory),
            hasErrors: Boolean(nomineeErrors(i)),
          }))}
          current={current}
          onShow={(i) => show(i)}
        />
      )}

      <section aria-labelledby="nominee-heading" className="mb-4 border-y border-slate-200 pt-3">
        <div className="mb-3 flex items-start justify-between gap-3">
          <h2 id="nominee-heading" ref={headingRef} tabIndex={-1} className="py-2 font-semibold">
            {t('nomineeOf', { n: current + 1, count: slots.length })}
            {slotName(slot) && <span className="ml-2 font-normal text-muted">{slotName(slot)}</span>}
          </h2>
          {slots.length > 1 && (
            <Button
              variant="link"
              className="min-h-10 shrink-0 text-sm"
              aria-label={t('removeNominee', { n: current + 1 })}
              onClick={removeCurrent}
            >
              {t('remove')}
            </Button>
          )}
        </div>
        <NomineeSlot
          key={slotKey}
          index={current}
          form={form}
          mandatory={mandatory}
          applicantAddress={applicantAddress}
          total={total}
          shareError={msg(shareError)}
          isOpen={(part: NomineePart) => Boolean(openParts[part])}
          onToggle={(part: NomineePart) => setOpenParts((open) => ({ ...open, [part]: !open[part] }))}
        />
        {/* previous, and next or (on the last) add another */}
        <div className="mb-3 flex gap-3">
          {current > 0 && (
            <button
              type="button"
              className={`${NAV_BUTTON} shrink-0`}
              aria-label={t('previousNominee')}
              onClick={() => show(current - 1)}
            >
              <span>
                <span aria-hidden="true">‹ </span>
                {t('previous')}
              </span>
            </button>
          )}
          {current < slots.length - 1 ? (
            <button
              type="button"
              className={`${NAV_BUTTON} flex-1`}
              aria-label={t('nextNominee')}
              onClick={() => show(current + 1)}
            >
              <span>
                {t('next')}
                <span aria-hidden="true"> ›</span>
              </span>
            </button>
          ) : (
            slots.length < max && (
              <button type="button" className={`${NAV_BUTTON} flex-1`} disabled={!canAdd} onClick={add}>
                <span>
                  <span aria-hidden="true">+ </span>
                  {t('addAnother')}
                </span>
              </button>
            )
          )}
        </div>
        {current === slots.length - 1 && slots.length < max && !canAdd && (
          <p className="-mt-1 mb-3 text-sm text-muted">{t('addLocked', { n: slots.length })}</p>
        )}
      </section>

      <fieldset className="mb-4">
        <legend className="mb-2 text-sm font-semibold">{t('soaLegend')}</legend>
        <div className="flex flex-wrap gap-4">
          {NOMINEE_SOA_OPTIONS.map((o) => (
            <label key={o} className="flex min-h-11 items-center gap-2">
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
          error={msg(formState.errors.nominee_soa_name)}
          {...register('nominee_soa_name')}
        />
      )}
      <Button type="submit" loading={save.isPending}>
        {t('common:continue')}
      </Button>
    </form>
  );
}
