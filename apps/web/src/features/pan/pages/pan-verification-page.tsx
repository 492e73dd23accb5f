/**
 * '/pan-verification': manual PAN entry (PAN number, name on PAN, date of birth) or a PAN card
 * photo read on the server, which fills the form for the applicant to confirm (section 2, 4, 5).
 * While the PAN service is over its day's budget the page shows the applicant's place in the
 * queue and asks again by itself.
 */
import { dateOfBirthSchema, panNameSchema, panNumberSchema, uploadAccept, uploadError } from '@ekyc/contracts/rules';
import { compressImage } from '../../../lib/compress-image';
import { useEffect, useMemo, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from '../../../i18n/use-translation';
import { useNavigate } from '../../../lib/router';
import * as z from 'zod/mini';
import { Button } from '../../../components/button';
import { useQueuePlace } from '../../../components/queue-position';
import { FileField } from '../../../components/file-field';
import { TextField } from '../../../components/text-field';
import { ApiError } from '../../../lib/api-client';
import { fileToDataUrl } from '../../../lib/file-data-url';
import { appPath, useScreenNavigate } from '../../../lib/navigation';
import { session, useSession } from '../../../lib/session';
import { toast } from '../../../lib/toast';
import { keyedResolver } from '../../../lib/form-resolver';
import { useMessage } from '../../../lib/use-message';
import { useStageAction } from '../../../lib/use-stage-action';
import { useUserDetails } from '../../../lib/user-details';
import { useReadPanCard } from '../api/read-pan-card';
import { useValidatePan } from '../api/validate-pan';
import { formatDobInput, formatPanName, normalisePan } from '../components/pan-form-fields';
import { ROUTE } from '@ekyc/contracts/stages';

type Mode = 'manual' | 'image';
type Field = 'pan' | 'pan_name' | 'date_of_birth';

export default function PanVerificationPage() {
  const { t } = useTranslation('pan');
  const msg = useMessage();
  const navigate = useNavigate();
  const go = useScreenNavigate();
  const { details } = useUserDetails();
  const { panOcrViaImage } = useSession();
  const stored = details?.pan_obj?.is_object ? details.pan_obj : null;
  const [mode, setMode] = useState<Mode>('manual');
  const [readFromImage, setReadFromImage] = useState(false);
  const [fileError, setFileError] = useState('');
  const validate = useValidatePan();
  const readCard = useReadPanCard();

  // Section 5: the 18-years rule is skipped when a PAN record already exists.
  const schema = useMemo(
    () =>
      z.object({
        pan: panNumberSchema,
        pan_name: panNameSchema,
        date_of_birth: dateOfBirthSchema({ requireAdult: !stored }),
      }),
    [stored],
  );
  type FormInput = z.input<typeof schema>;
  type FormOutput = z.output<typeof schema>;
  const { register, handleSubmit, formState, setValue, setError, reset } = useForm<FormInput, unknown, FormOutput>({
    resolver: keyedResolver(schema),
    defaultValues: { pan: '', pan_name: '', date_of_birth: '' },
    mode: 'onTouched',
  });

  useEffect(() => {
    if (stored)
      reset({ pan: stored.pan_number ?? '', pan_name: stored.name_on_card ?? '', date_of_birth: stored.dob ?? '' });
  }, [stored, reset]);

  const typed = (name: Field, format: (v: string) => string) => {
    const field = register(name);
    return {
      ...field,
      onChange: (e: React.ChangeEvent<HTMLInputElement>) => {
        setValue(name, format(e.target.value), { shouldValidate: formState.isSubmitted, shouldDirty: true });
      },
    };
  };

  const onFile = async (file: File | undefined) => {
    setFileError('');
    if (!file) return;
    const problem = uploadError('cheque', file);
    if (problem) return setFileError(msg(problem));
    try {
      const small = await compressImage(file, { maxPx: 1600 });
      const reply = await readCard.mutateAsync(await fileToDataUrl(small));
      if (!reply.status) return toast.error(msg(reply.message ? reply : 'panError'));
      setValue('pan', normalisePan(reply.data.pan_number ?? ''));
      setValue('pan_name', formatPanName(reply.data.name ?? ''));
      setValue('date_of_birth', reply.data.dob ?? '');
      session.set({ panOcrViaImage: true });
      setReadFromImage(true);
      setMode('manual');
    } catch (err) {
      toast.error(msg(err instanceof ApiError ? err : 'panError'));
    }
  };

  const queue = useQueuePlace();
  const submitPan = useStageAction(validate.mutateAsync, {
    followScreen: false,
    quietSuccess: true,
    setError,
    // also the answer to a request asked again from the queue
    onSuccess: (data) => {
      queue.clear();
      if (!data.full_name) return;
      session.set({ stageToMoveFromPan: data.screen ?? ROUTE.digilocker, is_pan_missing: Boolean(data.pan_missing) });
      navigate(appPath(ROUTE.panInfo));
    },
    onRefused: (reply) => {
      queue.clear();
      if (reply.data.screen !== ROUTE.pan) go(reply.data.screen);
    },
    onError: queue.clear,
    onQueued: queue.onQueued,
  });

  const onSubmit = async (values: FormOutput) => {
    queue.clear();
    await submitPan({ ...values, via_image: panOcrViaImage && readFromImage });
  };

  const tab = (value: Mode, label: string) => (
    <button
      type="button"
      role="tab"
      aria-selected={mode === value}
      onClick={() => setMode(value)}
      className={`flex-1 rounded-md px-3 py-2 text-sm font-semibold ${mode === value ? 'bg-white text-brand shadow-sm' : 'text-muted'}`}
    >
      {label}
    </button>
  );

  return (
    <div>
      {queue.shown}
      <p className="mb-4 text-muted">{t('intro')}</p>
      <div role="tablist" aria-label={t('modeLabel')} className="mb-5 flex gap-1 rounded-lg bg-slate-100 p-1">
        {tab('manual', t('modeManual'))}
        {tab('image', t('modeImage'))}
      </div>

      {mode === 'image' ? (
        <div>
          <FileField
            label={t('photoLabel')}
            accept={uploadAccept('cheque')}
            disabled={readCard.isPending}
            onPick={(file) => void onFile(file)}
            hint={t('photoHint')}
            error={fileError}
          />
          {readCard.isPending && (
            <p role="status" className="mt-3 text-sm text-brand">
              {t('reading')}
            </p>
          )}
        </div>
      ) : (
        <form onSubmit={handleSubmit(onSubmit)} noValidate>
          {readFromImage && (
            <p role="status" className="mb-4 rounded-lg bg-blue-50 p-3 text-sm text-ink">
              {t('readNotice')}
            </p>
          )}
          <TextField
            label={t('panLabel')}
            autoComplete="off"
            autoCapitalize="characters"
            spellCheck={false}
            maxLength={10}
            error={msg(formState.errors.pan)}
            {...typed('pan', normalisePan)}
          />
          <TextField
            label={t('nameLabel')}
            autoComplete="name"
            autoCapitalize="characters"
            hint={t('nameHint')}
            error={msg(formState.errors.pan_name)}
            {...typed('pan_name', formatPanName)}
          />
          <TextField
            label={t('dobLabel')}
            inputMode="numeric"
            autoComplete="bday"
            placeholder="DD/MM/YYYY"
            maxLength={10}
            error={msg(formState.errors.date_of_birth)}
            {...typed('date_of_birth', formatDobInput)}
          />
          <Button type="submit" loading={validate.isPending}>
            {t('common:continue')}
          </Button>
        </form>
      )}
    </div>
  );
}
