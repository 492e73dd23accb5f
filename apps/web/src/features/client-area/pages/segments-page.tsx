/**
 * Add or stop segments after the account is open. A derivatives segment shows SEBI's risk
 * disclosure (more than half of the screen, in the client's language where translated) to be
 * acknowledged and asks an income proof: a PDF, or a consent at an account aggregator (the AA's page
 * returns here with its parameters, posted once for the request named before leaving); currency
 * derivatives ask the RBI declaration too. The server checks everything again; the draft is signed
 * with Aadhaar eSign.
 */
import type { ServiceRequestView } from '@ekyc/contracts/calls/client-area';
import {
  CURRENCY_DERIVATIVES,
  RBI_CURRENCY_DECLARATION,
  segmentNeedsIncomeProof,
  segmentRequestSchema,
} from '@ekyc/contracts/calls/client-segments';
import { FINANCIAL_PROOF_CODES, PROOF_DETAILS } from '@ekyc/contracts/calls/update-segment';
import { indianDay, ruleSetOn } from '@ekyc/contracts/regulation';
import { riskDisclosureFor } from '@ekyc/contracts/risk-disclosure';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from '../../../i18n/use-translation';
import { Button } from '../../../components/button';
import { FileField } from '../../../components/file-field';
import { PageLoader } from '../../../components/spinner';
import { SelectField } from '../../../components/select-field';
import { TextField } from '../../../components/text-field';
import { ApiError } from '../../../lib/api-client';
import { useSearchParams } from '../../../lib/router';
import { saidIn, useMessage } from '../../../lib/use-message';
import { rememberAaRequest, takeAaRequest, useConfirmIncomeProof } from '../api/confirm-income-proof';
import { useMyAccount } from '../api/get-my-account';
import { useRequestSegments } from '../api/request-segments';
import { SignRequest } from '../components/sign-request';

const DETAIL_LABEL = { statement_from: 'statementFrom', statement_date: 'statementTo', holding_value: 'holdingValue' };

async function dataUrlOf(file: File): Promise<string> {
  const bytes = new Uint8Array(await file.arrayBuffer());
  let binary = '';
  for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return `data:application/pdf;base64,${btoa(binary)}`;
}

export default function SegmentsPage() {
  const { t, i18n } = useTranslation(['client-area', 'segment']);
  const msg = useMessage();
  const account = useMyAccount();
  const create = useRequestSegments();
  const [chosen, setChosen] = useState<string[]>([]);
  const [riskAck, setRiskAck] = useState(false);
  const [rbiAck, setRbiAck] = useState(false);
  const [option, setOption] = useState('');
  const [details, setDetails] = useState<Record<string, string>>({});
  const [file, setFile] = useState<File | null>(null);
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [draft, setDraft] = useState<ServiceRequestView | null>(null);
  const [method, setMethod] = useState<'upload' | 'account_aggregator'>('upload');
  const [params, setParams] = useSearchParams();
  const confirm = useConfirmIncomeProof();
  const handled = useRef(false);
  const returned = params.has('ecres') || params.has('errorcode');

  // the account aggregator's return: its parameters are posted once, for the request it was opened for
  useEffect(() => {
    if (!returned || handled.current) return;
    handled.current = true;
    const id = takeAaRequest();
    const body = { fi: params.get('fi') ?? '', resdate: params.get('resdate') ?? '', ecres: params.get('ecres') ?? '' };
    setParams({}, { replace: true });
    if (!id) return setErrors({ form: t('segment:failedNotice') });
    confirm
      .mutateAsync({ id, ...body })
      .then((reply) => {
        if (reply.status && reply.data.request) setDraft(reply.data.request);
        else setErrors({ form: t('segment:failedNotice') });
      })
      .catch((err: unknown) => setErrors({ form: msg(err instanceof ApiError ? err : 'somethingWrong') }));
  }, [returned, params, setParams, confirm, msg, t]);

  if (draft) return <SignRequest heading={t('segmentsChange.heading')} draft={draft} testId="segments-signed" />;
  if (returned || confirm.isPending) return <PageLoader label={t('segment:verifying')} />;
  if (!account.data) return <PageLoader label={t('loading')} />;

  // a segment held back at approval (pending_proof) is activated by the proof this request carries
  const segments = account.data.segments.filter((s) => ['active', 'inactive', 'pending_proof'].includes(s.state));
  const activate = chosen.filter((c) => segments.find((s) => s.code === c)?.state !== 'active');
  const deactivate = chosen.filter((c) => segments.find((s) => s.code === c)?.state === 'active');
  const derivatives = activate.some(segmentNeedsIncomeProof);
  const currency = activate.includes(CURRENCY_DERIVATIVES);
  const rule = ruleSetOn(indianDay(new Date())).values.riskDisclosure;
  const disclosure = rule ? riskDisclosureFor(rule.version, i18n.language) : null;
  const toggle = (code: string) => setChosen((l) => (l.includes(code) ? l.filter((c) => c !== code) : [...l, code]));

  const submit = async () => {
    const body = {
      activate,
      deactivate,
      ...(derivatives &&
        rule &&
        riskAck && {
          risk_disclosure: {
            version: rule.version,
            language: disclosure?.language ?? 'en',
            acknowledged_at: new Date().toISOString(),
          },
        }),
      ...(currency && rbiAck && { rbi_declaration: RBI_CURRENCY_DECLARATION.version }),
      ...(derivatives &&
        method === 'account_aggregator' && { income_proof: { method: 'account_aggregator' as const } }),
      ...(derivatives &&
        method === 'upload' && {
          income_proof: {
            method: 'upload' as const,
            ...(option && { financial_proof_option: option }),
            ...(file && { document: await dataUrlOf(file) }),
            ...(password && { document_password: password }),
            ...details,
          },
        }),
    };
    const parsed = segmentRequestSchema().safeParse(body);
    const found: Record<string, string> = {};
    if (!parsed.success) for (const issue of parsed.error.issues) found[issue.path.join('.')] ??= msg(saidIn(issue));
    if (derivatives && rule && !riskAck) found.risk_disclosure = msg('riskDisclosureRequired');
    if (currency && !rbiAck) found.rbi_declaration = msg('rbiDeclarationRequired');
    setErrors(found);
    if (Object.keys(found).length || !parsed.success) return;
    try {
      const reply = await create.mutateAsync(parsed.data);
      if (!reply.status) return setErrors({ form: reply.message });
      if (!reply.data.redirect_url) return setDraft(reply.data.request);
      // to the AA's consent page, which returns here; the request waits for it as a draft
      rememberAaRequest(reply.data.request.id);
      window.location.assign(reply.data.redirect_url);
    } catch (err) {
      const field = err instanceof ApiError && typeof err.data.field === 'string' ? err.data.field : 'form';
      setErrors({ [field]: msg(err instanceof ApiError ? err : 'somethingWrong') });
    }
  };

  return (
    <form
      className="rounded-xl bg-white p-4 shadow-sm"
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        void submit();
      }}
    >
      <h1 className="mb-2 text-xl font-bold">{t('segmentsChange.heading')}</h1>
      <p className="mb-4 text-sm text-muted">{t('segmentsChange.intro')}</p>
      <fieldset className="mb-4">
        <legend className="mb-2 font-semibold">{t('segment:segmentsLegend')}</legend>
        {segments.map((s) => (
          <label key={s.code} className="flex min-h-11 cursor-pointer items-center gap-3">
            <input
              type="checkbox"
              className="size-5"
              checked={chosen.includes(s.code)}
              onChange={() => toggle(s.code)}
            />
            {t(
              s.state === 'active'
                ? 'segmentsChange.deactivate'
                : s.state === 'pending_proof'
                  ? 'segmentsChange.release'
                  : 'segmentsChange.activate',
              {
                name: t(`segment:names.${s.code}`, { defaultValue: s.name }),
              },
            )}
          </label>
        ))}
        {errors.activate && (
          <p role="alert" className="text-sm text-danger">
            {errors.activate}
          </p>
        )}
      </fieldset>
      {derivatives && disclosure && (
        <section
          aria-labelledby="risk-heading"
          lang={disclosure.language}
          data-testid="risk-disclosure"
          tabIndex={0}
          className="mb-4 min-h-[55dvh] overflow-y-auto rounded-lg border border-slate-300 p-3"
        >
          <h2 id="risk-heading" className="mb-2 font-semibold">
            {disclosure.text.title}
          </h2>
          <ul className="mb-2 list-disc pl-5 text-sm">
            {disclosure.text.points.map((point) => (
              <li key={point} className="mb-1">
                {point}
              </li>
            ))}
          </ul>
          <p className="mb-2 text-xs text-muted">{disclosure.text.source}</p>
          <label className="flex min-h-11 cursor-pointer items-center gap-3 font-semibold">
            <input
              type="checkbox"
              className="size-5"
              checked={riskAck}
              onChange={(e) => setRiskAck(e.target.checked)}
            />
            {disclosure.text.acknowledge}
          </label>
          {errors.risk_disclosure && (
            <p role="alert" className="text-sm text-danger">
              {errors.risk_disclosure}
            </p>
          )}
        </section>
      )}
      {currency && (
        <section aria-labelledby="rbi-heading" className="mb-4 rounded-lg border border-slate-300 p-3">
          <h2 id="rbi-heading" className="mb-2 font-semibold">
            {t('segmentsChange.rbiHeading')}
          </h2>
          <p lang="en" className="mb-2 text-sm">
            {RBI_CURRENCY_DECLARATION.text}
          </p>
          <label className="flex min-h-11 cursor-pointer items-center gap-3 font-semibold">
            <input type="checkbox" className="size-5" checked={rbiAck} onChange={(e) => setRbiAck(e.target.checked)} />
            {t('segmentsChange.rbiAck')}
          </label>
          {errors.rbi_declaration && (
            <p role="alert" className="text-sm text-danger">
              {errors.rbi_declaration}
            </p>
          )}
        </section>
      )}
      {derivatives && (
        <fieldset className="mb-4 rounded-lg border border-slate-300 p-3">
          <legend className="px-1 font-semibold">{t('segment:proofTitle')}</legend>
          <fieldset className="mb-3">
            <legend className="mb-1 text-sm">{t('segment:uploadProcess')}</legend>
            {(['account_aggregator', 'upload'] as const).map((m) => (
              <label key={m} className="flex min-h-11 cursor-pointer items-center gap-3">
                <input
                  type="radio"
                  name="proof-method"
                  className="size-5"
                  checked={method === m}
                  onChange={() => setMethod(m)}
                />
                <span>
                  <span className="font-semibold">{t(m === 'upload' ? 'segment:manual' : 'segment:digital')}</span>
                  <span className="block text-sm text-muted">
                    {t(m === 'upload' ? 'segment:manualHint' : 'segment:digitalHint')}
                  </span>
                </span>
              </label>
            ))}
          </fieldset>
        </fieldset>
      )}
      {derivatives && method === 'upload' && (
        <fieldset className="mb-4 rounded-lg border border-slate-300 p-3">
          <legend className="px-1 font-semibold">{t('segment:manual')}</legend>
          <SelectField
            label={t('segment:proofOption')}
            placeholder={t('bankChange.choose')}
            value={option}
            options={FINANCIAL_PROOF_CODES.map((c) => ({ value: c, label: t(`segment:proofs.${c}`) }))}
            onChange={(e) => setOption(e.target.value)}
            error={errors['income_proof.financial_proof_option'] ?? errors.income_proof}
          />
          {option &&
            PROOF_DETAILS[option as (typeof FINANCIAL_PROOF_CODES)[number]].map((k) => (
              <TextField
                key={k}
                label={t(`segment:${DETAIL_LABEL[k]}`)}
                value={details[k] ?? ''}
                placeholder={k === 'holding_value' ? undefined : 'dd/mm/yyyy'}
                onChange={(e) => setDetails((d) => ({ ...d, [k]: e.target.value }))}
                error={errors[`income_proof.${k}`]}
              />
            ))}
          <FileField
            label={t('segment:file')}
            accept="application/pdf"
            onPick={(f) => setFile(f ?? null)}
            hint={file ? t('segment:fileChosen', { name: file.name }) : t('segment:fileHint')}
            error={errors['income_proof.document']}
          />
          <TextField
            label={t('segment:password')}
            type="password"
            value={password}
            autoComplete="off"
            onChange={(e) => setPassword(e.target.value)}
          />
        </fieldset>
      )}
      {errors.form && (
        <p role="alert" className="mb-3 text-sm text-danger">
          {errors.form}
        </p>
      )}
      <Button type="submit" loading={create.isPending}>
        {t('segmentsChange.save')}
      </Button>
    </form>
  );
}
