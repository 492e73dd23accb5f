/**
 * An administrator's form for one coded reason: its code (fixed once saved), what it is for (a
 * send-back, which names the stage the applicant goes back to, or a closing), whether the applicant
 * reads it as a rejection or a request for information, its text in the five languages and whether
 * reviewers may still choose it. Saving writes a new version; applications keep the version they
 * were sent with.
 */
import {
  type PutReasonBody,
  putReasonBodySchema,
  REASON_PURPOSES,
  type Reason,
  type ReasonPurpose,
  reasonCodeSchema,
} from '@ekyc/contracts/calls/backoffice-reasons';
import { LANGUAGE_NAMES, LANGUAGE_TAGS, LANGUAGES, type Language } from '@ekyc/contracts/constants';
import { STAGE_ORDER } from '@ekyc/contracts/stages';
import { type FormEvent, useState } from 'react';
import { useTranslation } from '../../../i18n/use-translation';
import { Button } from '../../../components/button';
import { Checkbox } from '../../../components/checkbox';
import { SelectField } from '../../../components/select-field';
import { TextField } from '../../../components/text-field';
import { toast } from '../../../lib/toast';
import { usePutReason } from '../api/put-reason';

/** The stages a send-back may name: every applicant stage before the status page. */
const SEND_BACK_STAGES = STAGE_ORDER.filter((s) => s >= 110 && s <= 210);
const emptyTexts = () => Object.fromEntries(LANGUAGES.map((l) => [l, ''])) as Record<Language, string>;

function firstIssues(issues: { path: PropertyKey[]; message: string }[]): Record<string, string> {
  const out: Record<string, string> = {};
  for (const issue of issues) out[issue.path.map(String).join('.')] ??= issue.message;
  return out;
}

export function ReasonForm({ editing, onDone }: { editing: Reason | null; onDone: () => void }) {
  const { t } = useTranslation(['backoffice-reasons', 'backoffice']);
  const save = usePutReason();
  const [code, setCode] = useState(editing?.code ?? '');
  const [purpose, setPurpose] = useState<ReasonPurpose>(editing?.purpose ?? 'send_back');
  const [stage, setStage] = useState(String(editing?.stage ?? SEND_BACK_STAGES[0]));
  const [kind, setKind] = useState<'reject' | 'info'>(editing?.kind ?? 'reject');
  const [texts, setTexts] = useState<Record<Language, string>>(editing ? { ...editing.texts } : emptyTexts());
  const [active, setActive] = useState(editing?.active ?? true);
  const [errors, setErrors] = useState<Record<string, string>>({});

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const codeCheck = reasonCodeSchema.safeParse(code.trim());
    const body = putReasonBodySchema.safeParse({
      purpose,
      stage: purpose === 'send_back' ? Number(stage) : null,
      kind,
      texts,
      active,
    } satisfies PutReasonBody);
    const issues = body.success ? {} : firstIssues(body.error.issues);
    if (!codeCheck.success) issues.code = codeCheck.error.issues[0]?.message ?? '';
    setErrors(issues);
    if (!body.success || !codeCheck.success) return;
    try {
      const reply = await save.mutateAsync({ code: codeCheck.data, body: body.data });
      if (!reply.status) return toast.error(reply.message);
      toast.success(t('saved', { code: reply.data.reason.code, version: reply.data.reason.version }));
      onDone();
    } catch (err) {
      toast.error((err as Error).message);
    }
  };

  return (
    <form
      onSubmit={(e) => void submit(e)}
      noValidate
      aria-labelledby="reason-form-heading"
      className="rounded-xl bg-white p-4 shadow-sm"
    >
      <h2 id="reason-form-heading" className="mb-1 text-lg font-bold">
        {editing ? t('form.editTitle', { code: editing.code, version: editing.version }) : t('form.newTitle')}
      </h2>
      <p className="mb-3 text-sm text-muted">{t('form.intro')}</p>
      <div className="grid gap-x-3 md:grid-cols-2">
        <TextField
          label={t('form.code')}
          hint={t('form.codeHint')}
          value={code}
          disabled={editing !== null}
          onChange={(e) => setCode(e.target.value.toUpperCase())}
          error={errors.code}
        />
        <SelectField
          label={t('form.purpose')}
          value={purpose}
          onChange={(e) => setPurpose(e.target.value as ReasonPurpose)}
          options={REASON_PURPOSES.map((p) => ({ value: p, label: t(`purposes.${p}`) }))}
        />
        {purpose === 'send_back' && (
          <SelectField
            label={t('form.stage')}
            value={stage}
            onChange={(e) => setStage(e.target.value)}
            error={errors.stage}
            options={SEND_BACK_STAGES.map((s) => ({ value: String(s), label: t(`backoffice:stages.${s}`) }))}
          />
        )}
        <SelectField
          label={t('form.kind')}
          value={kind}
          onChange={(e) => setKind(e.target.value as 'reject' | 'info')}
          options={(['reject', 'info'] as const).map((k) => ({ value: k, label: t(`kinds.${k}`) }))}
        />
      </div>
      <fieldset className="mt-2">
        <legend className="mb-2 text-sm font-semibold">{t('form.texts')}</legend>
        {LANGUAGES.map((l) => (
          <TextField
            key={l}
            lang={LANGUAGE_TAGS[l]}
            label={t('form.textIn', { language: LANGUAGE_NAMES[l] })}
            value={texts[l]}
            onChange={(e) => setTexts((all) => ({ ...all, [l]: e.target.value }))}
            error={errors[`texts.${l}`]}
          />
        ))}
      </fieldset>
      <Checkbox label={t('form.active')} checked={active} onChange={(e) => setActive(e.target.checked)} />
      <div className="flex flex-wrap gap-2">
        <Button type="submit" className="md:!w-auto md:px-6" loading={save.isPending}>
          {t('form.save')}
        </Button>
        <Button type="button" variant="secondary" className="md:!w-auto md:px-6" onClick={onDone}>
          {t('form.cancel')}
        </Button>
      </div>
    </form>
  );
}
