/**
 * Change the mobile or the e-mail: the new one checked with the server's schema, then an OTP to the
 * one on record and another to the new one; an e-mail another client gives needs the family
 * declaration. The draft is signed with Aadhaar eSign (components/sign-request.tsx).
 */
import type { ServiceRequestView } from '@ekyc/contracts/calls/client-area';
import { contactChangeRequestSchema, contactOtpRequestSchema } from '@ekyc/contracts/calls/client-contact';
import { FAMILY_RELATIONS } from '@ekyc/contracts/enums';
import { useState } from 'react';
import { useTranslation } from '../../../i18n/use-translation';
import { Button } from '../../../components/button';
import { OtpInput } from '../../../components/otp-input';
import { TextField } from '../../../components/text-field';
import { ApiError } from '../../../lib/api-client';
import { saidIn, useMessage } from '../../../lib/use-message';
import { useRequestContactChange, useSendContactOtps } from '../api/request-contact-change';
import { SignRequest } from '../components/sign-request';

type Field = 'mobile' | 'email';

export default function ContactPage() {
  const { t } = useTranslation('client-area');
  const msg = useMessage();
  const send = useSendContactOtps();
  const create = useRequestContactChange();
  const [field, setField] = useState<Field>('mobile');
  const [value, setValue] = useState('');
  const [sent, setSent] = useState<{ value: string; family: boolean } | null>(null);
  const [otpOld, setOtpOld] = useState('');
  const [otpNew, setOtpNew] = useState('');
  const [relation, setRelation] = useState('');
  const [holder, setHolder] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState('');
  const [draft, setDraft] = useState<ServiceRequestView | null>(null);

  if (draft) return <SignRequest heading={t('contactChange.heading')} draft={draft} testId="contact-signed" />;

  const failed = (err: unknown) => {
    const at = err instanceof ApiError && typeof err.data.field === 'string' ? err.data.field : null;
    if (at) setErrors({ [at]: msg(err as ApiError) });
    else setFormError(msg(err instanceof ApiError ? err : 'somethingWrong'));
  };

  const sendOtps = async () => {
    setFormError('');
    const parsed = contactOtpRequestSchema.safeParse({ field, value });
    if (!parsed.success) return setErrors({ value: msg(saidIn(parsed.error.issues[0]!)) });
    setErrors({});
    try {
      const reply = await send.mutateAsync(parsed.data);
      if (!reply.status) return setErrors({ value: msg(reply) });
      setSent({ value: parsed.data.value, family: reply.data.family_declaration_required === true });
    } catch (err) {
      failed(err);
    }
  };

  const submit = async () => {
    if (!sent) return;
    setFormError('');
    const parsed = contactChangeRequestSchema.safeParse({
      field,
      value: sent.value,
      otp_old: otpOld,
      otp_new: otpNew,
      ...(sent.family && { family_relation: relation || undefined, family_holder_name: holder || undefined }),
    });
    const missing: Record<string, string> =
      sent.family && !relation ? { family_relation: msg('familyRelationRequired') } : {};
    if (!parsed.success || Object.keys(missing).length) {
      const found: Record<string, string> = { ...missing };
      for (const issue of parsed.success ? [] : parsed.error.issues) found[issue.path.join('.')] ??= msg(saidIn(issue));
      return setErrors(found);
    }
    setErrors({});
    try {
      const reply = await create.mutateAsync(parsed.data);
      if (reply.status && reply.data.request) return setDraft(reply.data.request);
      const at =
        reply.data.reason === 'otp_old' ? 'otp_old' : reply.data.reason === 'otp_new' ? 'otp_new' : 'family_relation';
      setErrors({ [at]: msg(reply) });
    } catch (err) {
      failed(err);
    }
  };

  const what = t(`contactChange.${field}`);
  return (
    <form
      className="rounded-xl bg-white p-4 shadow-sm"
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        void (sent ? submit() : sendOtps());
      }}
    >
      <h1 className="mb-2 text-xl font-bold">{t('contactChange.heading')}</h1>
      <p className="mb-4 text-sm text-muted">{t('contactChange.intro')}</p>
      {!sent ? (
        <>
          <fieldset className="mb-4">
            <legend className="mb-1 text-sm font-semibold">{t('contactChange.which')}</legend>
            {(['mobile', 'email'] as const).map((f) => (
              <label key={f} className="flex min-h-11 cursor-pointer items-center gap-3">
                <input
                  type="radio"
                  name="field"
                  className="size-5"
                  checked={field === f}
                  onChange={() => {
                    setField(f);
                    setValue('');
                    setErrors({});
                  }}
                />
                {t(`contactChange.${f}`)}
              </label>
            ))}
          </fieldset>
          <TextField
            label={t('contactChange.newValue', { what })}
            value={value}
            type={field === 'email' ? 'email' : 'tel'}
            inputMode={field === 'email' ? 'email' : 'numeric'}
            autoComplete={field === 'email' ? 'email' : 'tel-national'}
            maxLength={field === 'email' ? 100 : 10}
            onChange={(e) => setValue(e.target.value)}
            error={errors.value}
          />
          <Button type="submit" loading={send.isPending}>
            {t('contactChange.sendOtps')}
          </Button>
        </>
      ) : (
        <>
          <p className="mb-3 text-sm" role="status">
            {t('contactChange.otpsSent', { what, value: sent.value })}
          </p>
          <OtpInput
            label={t('contactChange.otpOld', { what })}
            value={otpOld}
            onChange={setOtpOld}
            error={errors.otp_old}
          />
          <OtpInput
            label={t('contactChange.otpNew', { what })}
            value={otpNew}
            onChange={setOtpNew}
            error={errors.otp_new}
          />
          {sent.family && (
            <fieldset className="mb-4" aria-describedby="family-intro">
              <legend className="mb-1 text-sm font-semibold">{t('contactChange.familyLegend')}</legend>
              <p id="family-intro" className="mb-2 text-sm text-muted">
                {t('contactChange.familyIntro')}
              </p>
              {FAMILY_RELATIONS.map((r) => (
                <label key={r} className="flex min-h-11 cursor-pointer items-center gap-3">
                  <input
                    type="radio"
                    name="family_relation"
                    className="size-5"
                    checked={relation === r}
                    onChange={() => setRelation(r)}
                  />
                  {t(`contactChange.relations.${r}`)}
                </label>
              ))}
              {errors.family_relation && (
                <p role="alert" className="mt-1 text-sm text-danger">
                  {errors.family_relation}
                </p>
              )}
              <TextField
                label={t('contactChange.familyHolder')}
                value={holder}
                maxLength={100}
                autoComplete="off"
                onChange={(e) => setHolder(e.target.value)}
                error={errors.family_holder_name}
              />
            </fieldset>
          )}
          {formError && (
            <p role="alert" className="mb-3 text-sm text-danger">
              {formError}
            </p>
          )}
          <Button type="submit" loading={create.isPending}>
            {t('contactChange.save')}
          </Button>
        </>
      )}
      {!sent && formError && (
        <p role="alert" className="mt-3 text-sm text-danger">
          {formError}
        </p>
      )}
    </form>
  );
}
