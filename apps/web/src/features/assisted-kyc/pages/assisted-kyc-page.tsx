/**
 * '/assisted-kyc': an applicant who needs help (a disability, or any other reason) books a video
 * call with the KYC team, from any step: a working day within two weeks, a two-hour slot, the
 * language of the call, what help they need and a note. A booked call shows with Change and Cancel.
 */
import { ASSISTED_KYC_NEEDS, type AssistedKycData, requestAssistedKycSchema } from '@ekyc/contracts/calls/assisted-kyc';
import { LANGUAGE_NAMES, LANGUAGES, type Language } from '@ekyc/contracts/constants';
import { useState } from 'react';
import { useTranslation } from '../../../i18n/use-translation';
import { Button } from '../../../components/button';
import { LoadFailed } from '../../../components/load-failed';
import { Checkbox } from '../../../components/checkbox';
import { SelectField } from '../../../components/select-field';
import { PageLoader } from '../../../components/spinner';
import { toast } from '../../../lib/toast';
import { useMessage } from '../../../lib/use-message';
import { useAssistedKyc, useBookAssistedKyc, useCancelAssistedKyc } from '../api/assisted-kyc';

type Errors = Partial<Record<'call_date' | 'slot' | 'note', string>>;
/** The catalogue message of each field the booking's schema checks. */
const FIELD_MESSAGE = { call_date: 'assistedKycDay', slot: 'assistedKycSlot', note: 'assistedKycNote' } as const;

export default function AssistedKycPage() {
  const { t, i18n } = useTranslation('assisted');
  const msg = useMessage();
  const query = useAssistedKyc();
  const [changing, setChanging] = useState(false);
  const cancel = useCancelAssistedKyc();
  if (query.isError) return <LoadFailed error={query.error} onRetry={() => void query.refetch()} />;
  if (!query.data) return <PageLoader label={t('common:loading')} />;
  const data = query.data;
  const day = (d: string) =>
    new Intl.DateTimeFormat(document.documentElement.lang || i18n.language, {
      weekday: 'long',
      day: 'numeric',
      month: 'long',
      timeZone: 'UTC',
    }).format(new Date(`${d}T00:00:00Z`));
  const booked = data.booking?.status === 'booked' ? data.booking : null;

  return (
    <div className="flex flex-col gap-4">
      <p className="text-ink">{t('intro')}</p>
      {booked && !changing ? (
        <section
          role="status"
          data-testid="assisted-booking"
          className="rounded-lg border border-green-300 bg-green-50 p-3"
        >
          <p className="font-semibold">
            {t('booked', { day: day(booked.call_date), slot: booked.slot, language: LANGUAGE_NAMES[booked.language] })}
          </p>
          <div className="mt-3 flex flex-col gap-2">
            <Button variant="secondary" onClick={() => setChanging(true)}>
              {t('change')}
            </Button>
            <Button
              variant="secondary"
              loading={cancel.isPending}
              onClick={() =>
                cancel.mutate(undefined, {
                  onSuccess: () => toast.success(t('cancelled')),
                  onError: (err) => toast.error(msg(err)),
                })
              }
            >
              {t('cancel')}
            </Button>
          </div>
        </section>
      ) : (
        <BookingForm data={data} day={day} onBooked={() => setChanging(false)} />
      )}
    </div>
  );
}

function BookingForm({
  data,
  day,
  onBooked,
}: {
  data: AssistedKycData;
  day: (d: string) => string;
  onBooked: () => void;
}) {
  const { t, i18n } = useTranslation('assisted');
  const msg = useMessage();
  const book = useBookAssistedKyc();
  const previous = data.booking;
  const [callDate, setCallDate] = useState(
    previous && data.days.includes(previous.call_date) ? previous.call_date : '',
  );
  const [slot, setSlot] = useState<string>(previous?.slot ?? '');
  const [language, setLanguage] = useState<Language>(
    previous?.language ??
      ((LANGUAGES as readonly string[]).includes(i18n.language) ? (i18n.language as Language) : 'en'),
  );
  const [needs, setNeeds] = useState<string[]>(previous?.needs ?? []);
  const [note, setNote] = useState(previous?.note ?? '');
  const [errors, setErrors] = useState<Errors>({});

  const submit = () => {
    const checked = requestAssistedKycSchema.safeParse({
      call_date: callDate,
      slot,
      language,
      needs,
      note: note || undefined,
    });
    if (!checked.success) {
      const found: Errors = {};
      // the shared schema's rules, said in the applicant's language
      for (const issue of checked.error.issues) {
        const field = issue.path[0] as keyof Errors;
        if (field in FIELD_MESSAGE) found[field] ??= msg(FIELD_MESSAGE[field]);
      }
      setErrors(found);
      return;
    }
    setErrors({});
    book.mutate(checked.data, {
      onSuccess: () => {
        toast.success(t('bookedToast'));
        onBooked();
      },
      onError: (err) => toast.error(msg(err)),
    });
  };

  return (
    <form
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        submit();
      }}
    >
      <SelectField
        label={t('day')}
        placeholder={t('choose')}
        value={callDate}
        error={errors.call_date}
        options={data.days.map((d) => ({ value: d, label: day(d) }))}
        onChange={(e) => {
          setCallDate(e.target.value);
          setErrors((x) => ({ ...x, call_date: undefined }));
        }}
      />
      <fieldset className="mb-4" aria-describedby={errors.slot ? 'slot-error' : undefined}>
        <legend className="mb-1 text-sm font-semibold text-ink">{t('slot')}</legend>
        <div className="grid grid-cols-2 gap-2">
          {data.slots.map((s) => (
            <label key={s} className="flex min-h-11 items-center gap-2 rounded-lg border border-slate-500 px-3">
              <input
                type="radio"
                name="slot"
                value={s}
                checked={slot === s}
                onChange={() => {
                  setSlot(s);
                  setErrors((x) => ({ ...x, slot: undefined }));
                }}
                className="h-5 w-5 accent-brand"
              />
              {s}
            </label>
          ))}
        </div>
        {errors.slot && (
          <p id="slot-error" role="alert" className="mt-1 text-sm text-danger">
            {errors.slot}
          </p>
        )}
      </fieldset>
      <SelectField
        label={t('language')}
        placeholder={t('choose')}
        value={language}
        options={LANGUAGES.map((l) => ({ value: l, label: LANGUAGE_NAMES[l] }))}
        onChange={(e) => setLanguage(e.target.value as Language)}
      />
      <fieldset className="mb-2">
        <legend className="mb-1 text-sm font-semibold text-ink">{t('needs')}</legend>
        {ASSISTED_KYC_NEEDS.map((n) => (
          <Checkbox
            key={n}
            label={t(`need.${n}`)}
            checked={needs.includes(n)}
            onChange={(e) => setNeeds((list) => (e.target.checked ? [...list, n] : list.filter((x) => x !== n)))}
          />
        ))}
      </fieldset>
      <div className="mb-4">
        <label htmlFor="assisted-note" className="mb-1 block text-sm font-semibold text-ink">
          {t('note')}
        </label>
        <textarea
          id="assisted-note"
          value={note}
          maxLength={300}
          rows={3}
          aria-invalid={errors.note ? true : undefined}
          aria-describedby="assisted-note-count"
          onChange={(e) => setNote(e.target.value)}
          className="w-full rounded-lg border border-slate-500 px-3 py-2 text-base"
        />
        <p id="assisted-note-count" className="text-right text-xs text-muted">
          {t('count', { count: note.length })}
        </p>
        {errors.note && (
          <p role="alert" className="text-sm text-danger">
            {errors.note}
          </p>
        )}
      </div>
      <Button type="submit" loading={book.isPending}>
        {t('book')}
      </Button>
    </form>
  );
}
