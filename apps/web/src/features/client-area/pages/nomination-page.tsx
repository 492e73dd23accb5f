/**
 * Change nominees or opt out, under the rules in force today (my-account's nomination_rule), checked
 * with the same schema the server uses; the request is then signed with Aadhaar eSign in a popup and
 * followed until it reaches the review.
 */
import { nominationRequestSchema, type ServiceRequestView } from '@ekyc/contracts/calls/client-area';
import { ESIGN_POPUP, NOMINEE_FIELDS, type NomineeField } from '@ekyc/contracts/constants';
import { NOMINATION_OPT_OUT_DECLARATION } from '@ekyc/contracts/calls/update-nominee';
import { NOMINEE_RELATIONS } from '@ekyc/contracts/enums';
import { useState } from 'react';
import { useTranslation } from '../../../i18n/use-translation';
import { Button } from '../../../components/button';
import { Checkbox } from '../../../components/checkbox';
import { SelectField } from '../../../components/select-field';
import { PageLoader } from '../../../components/spinner';
import { TextField } from '../../../components/text-field';
import { ApiError } from '../../../lib/api-client';
import { Link } from '../../../lib/router';
import { saidIn, useMessage } from '../../../lib/use-message';
import { useMyAccount } from '../api/get-my-account';
import { startRequestSigning, useClientRequest, useRequestNomination } from '../api/request-nomination';

interface Row {
  first_name: string;
  nominee_relation: string;
  percentage_share: string;
}
const emptyRow = (): Row => ({ first_name: '', nominee_relation: '', percentage_share: '' });
const isField = (f: string): f is NomineeField => (NOMINEE_FIELDS as readonly string[]).includes(f);

export default function NominationPage() {
  const { t } = useTranslation(['client-area', 'nominee']);
  const msg = useMessage();
  const account = useMyAccount();
  const create = useRequestNomination();
  const [rows, setRows] = useState<Row[]>([emptyRow()]);
  const [optOut, setOptOut] = useState(false);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState('');
  const [draft, setDraft] = useState<ServiceRequestView | null>(null);
  const [signing, setSigning] = useState(false);
  const request = useClientRequest(signing && draft ? draft.id : null);

  if (account.isPending) return <PageLoader label={t('loading')} />;
  if (account.isError) return <p role="alert">{t('loadFailed')}</p>;
  const rule = account.data.nomination_rule;

  const submit = async () => {
    setFormError('');
    const body = { opt_out: optOut, nominees: optOut ? [] : rows };
    const parsed = nominationRequestSchema({ max: rule.max, mandatory: rule.mandatory.filter(isField) }).safeParse(
      body,
    );
    if (!parsed.success) {
      const found: Record<string, string> = {};
      for (const issue of parsed.error.issues) found[issue.path.join('.')] ??= msg(saidIn(issue));
      setErrors(found);
      return;
    }
    setErrors({});
    try {
      const data = await create.mutateAsync(parsed.data);
      setDraft(data.request);
    } catch (err) {
      setFormError(msg(err instanceof ApiError ? err : 'somethingWrong'));
    }
  };

  const sign = async () => {
    if (!draft) return;
    setFormError('');
    const win = window.open(
      '',
      'aadhaar-esign',
      `width=${ESIGN_POPUP.width},height=${ESIGN_POPUP.height},resizable=yes,scrollbars=yes`,
    );
    if (!win) {
      setFormError(t('nomination.allowPopups'));
      return;
    }
    try {
      const data = await startRequestSigning(draft.id);
      win.document.open();
      win.document.write(`<!doctype html><title>Aadhaar eSign</title><body>${data.api_response}</body>`);
      win.document.close();
      (win.document.getElementById('esign-form') as HTMLFormElement | null)?.submit();
      setSigning(true);
    } catch (err) {
      win.close();
      setFormError(msg(err instanceof ApiError ? err : 'esignError'));
    }
  };

  const set = (i: number, key: keyof Row, value: string) =>
    setRows((list) => list.map((r, j) => (j === i ? { ...r, [key]: value } : r)));

  if (request.data && request.data.status !== 'draft')
    return (
      <div className="rounded-xl bg-white p-4 shadow-sm">
        <h1 className="mb-3 text-xl font-bold">{t('nomination.heading')}</h1>
        <p role="status" data-testid="nomination-signed" className="mb-4">
          {t('nomination.signed', { number: request.data.number })}
        </p>
        <Link to="/my-account" className="font-semibold text-brand underline">
          {t('nomination.back')}
        </Link>
      </div>
    );

  if (draft)
    return (
      <div className="rounded-xl bg-white p-4 shadow-sm">
        <h1 className="mb-3 text-xl font-bold">{t('nomination.heading')}</h1>
        <p className="mb-4">{t('nomination.signIntro', { number: draft.number })}</p>
        {signing && (
          <p role="status" className="mb-3 text-sm">
            {t('nomination.signing')}
          </p>
        )}
        {formError && (
          <p role="alert" className="mb-3 text-sm text-danger">
            {formError}
          </p>
        )}
        <Button onClick={() => void sign()}>{t('nomination.sign')}</Button>
      </div>
    );

  return (
    <form
      className="rounded-xl bg-white p-4 shadow-sm"
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        void submit();
      }}
    >
      <h1 className="mb-2 text-xl font-bold">{t('nomination.heading')}</h1>
      <p className="mb-4 text-sm text-muted">{t('nomination.intro', { max: rule.max })}</p>
      <Checkbox label={t('nomination.optOut')} checked={optOut} onChange={(e) => setOptOut(e.target.checked)} />
      {optOut ? (
        <div className="mb-4 rounded-lg border border-slate-300 p-3 text-sm">
          <h2 className="mb-1 font-semibold">{t('nomination.declaration')}</h2>
          <p lang="en">{NOMINATION_OPT_OUT_DECLARATION.text}</p>
        </div>
      ) : (
        <>
          {rows.map((r, i) => (
            <fieldset key={i} className="mb-4 rounded-lg border border-slate-300 p-3">
              <legend className="px-1 font-semibold">{t('nomination.nominee', { n: i + 1 })}</legend>
              <TextField
                label={t('nomination.name')}
                value={r.first_name}
                maxLength={100}
                autoComplete="off"
                onChange={(e) => set(i, 'first_name', e.target.value)}
                error={errors[`nominees.${i}.first_name`]}
              />
              <SelectField
                label={t('nomination.relation')}
                placeholder={t('nomination.choose')}
                value={r.nominee_relation}
                options={NOMINEE_RELATIONS.map((v) => ({
                  value: v,
                  label: t(`nominee:relations.${v}`, { defaultValue: v }),
                }))}
                onChange={(e) => set(i, 'nominee_relation', e.target.value)}
                error={errors[`nominees.${i}.nominee_relation`]}
              />
              <TextField
                label={t('nomination.share')}
                value={r.percentage_share}
                inputMode="decimal"
                maxLength={6}
                onChange={(e) => set(i, 'percentage_share', e.target.value)}
                error={errors[`nominees.${i}.percentage_share`]}
              />
              {rows.length > 1 && (
                <Button variant="link" onClick={() => setRows((list) => list.filter((_, j) => j !== i))}>
                  {t('nomination.remove', { n: i + 1 })}
                </Button>
              )}
            </fieldset>
          ))}
          {errors.nominees && (
            <p role="alert" className="mb-3 text-sm text-danger">
              {errors.nominees}
            </p>
          )}
          {rows.length < rule.max && (
            <Button variant="secondary" className="mb-4" onClick={() => setRows((list) => [...list, emptyRow()])}>
              {t('nomination.add')}
            </Button>
          )}
        </>
      )}
      {formError && (
        <p role="alert" className="mb-3 text-sm text-danger">
          {formError}
        </p>
      )}
      <Button type="submit" loading={create.isPending}>
        {t('nomination.save')}
      </Button>
    </form>
  );
}
