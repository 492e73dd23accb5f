/**
 * '/bank-and-segment/segment': choose trading segments (auto_select ones locked on) and, for
 * derivatives, a financial proof: a PDF uploaded here, or a consent given in the account
 * aggregator's window. The reply's redirect_url opens that window (clienttrnxid kept in the
 * session); its status message leads to get-segment-status and on to the returned screen.
 */
import type { SegmentItem } from '@ekyc/contracts/calls/get-segment-list';
import { PROOF_DETAILS, UPI_BLOCK_SEGMENTS, type UpdateSegmentRequest } from '@ekyc/contracts/calls/update-segment';
import { BASE_PATH, STAGE, STAGES } from '@ekyc/contracts/stages';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from '../../../i18n/use-translation';
import { useLocation, useNavigate } from '../../../lib/router';
import { Button } from '../../../components/button';
import { PageLoader } from '../../../components/spinner';
import { ApiError } from '../../../lib/api-client';
import { useScreenNavigate } from '../../../lib/navigation';
import { session, useSession } from '../../../lib/session';
import { toast } from '../../../lib/toast';
import { keyedResolver } from '../../../lib/form-resolver';
import { keyOf, type Saying, useMessage } from '../../../lib/use-message';
import { useGetSegmentStatus } from '../api/get-segment-status';
import { useSegmentList } from '../api/get-segment-list';
import { useUpdateSegment } from '../api/update-segment';
import { FinancialProof } from '../components/financial-proof';
import { SegmentChoice } from '../components/segment-choice';
import { RiskDisclosureDialog } from '../components/risk-disclosure';
import type { RiskDisclosureAck } from '@ekyc/contracts/risk-disclosure';
import { type AaMessage, aaReturnFromQuery, useAccountAggregator } from '../hooks/use-account-aggregator';
import { bytesToBase64 } from '../pdf-file';
import { type FormValues, proofDetails, segmentFormSchema } from '../segment-form';

const SEGMENT_SCREEN = STAGES[STAGE.SEGMENT].route;

/** Spec messages, and the few this step adds, in the applicant's language. */
function useSegmentMessage() {
  const { t } = useTranslation('segment');
  const common = useMessage();
  return useCallback(
    (said: Saying) => {
      // this step words some messages its own way (segment.json's messages, keyed like MSG)
      const { key } = keyOf(said);
      return key ? t(`messages.${key}`, { defaultValue: common(said) }) : common(said);
    },
    [t, common],
  );
}

const errorOf = (err: unknown) => (err instanceof ApiError ? err : undefined);

// useStageAction does not fit: this step words some messages its own way (segment.json) and get-segment-status answers in its own envelope (succeeded, screen) (docs/architecture.md).
export default function SegmentPage() {
  const { t } = useTranslation('segment');
  const list = useSegmentList();
  const verify = useGetSegmentStatus();
  const go = useScreenNavigate();
  const navigate = useNavigate();
  const location = useLocation();
  const message = useSegmentMessage();
  const [verifying, setVerifying] = useState(false);

  /** The account aggregator's answer: the server checks it and names the next screen. */
  const onAaResult = useCallback(
    async (m: AaMessage) => {
      const clienttrnxid = session.get().clienttrnxid;
      const failed = (said: Saying) => {
        session.set({ segmentFailed: true });
        toast.error(message(said || 'aaConsentFailed'));
        setVerifying(false);
      };
      if (!clienttrnxid) return failed('aaConsentFailed');
      setVerifying(true);
      try {
        const reply = await verify.mutateAsync({ ...m, clienttrnxid });
        if (reply.status && reply.succeeded) {
          session.set({ clienttrnxid: null, segmentFailed: false });
          go(reply.screen);
          return;
        }
        failed(reply.message ? reply : undefined);
        const screen = reply.screen;
        if (screen && screen !== SEGMENT_SCREEN) go(screen);
      } catch (err) {
        failed(errorOf(err));
        if (err instanceof ApiError && typeof err.data.screen === 'string') go(err.data.screen);
      }
    },
    [verify, go, message],
  );

  // Back from the AA by redirect (?fi=&resdate=&ecres=): in the child window, hand the answer to
  // the opener and close; otherwise verify it here.
  const handled = useRef(false);
  const returned = useMemo(() => aaReturnFromQuery(location.search), [location.search]);
  useEffect(() => {
    if (!returned || handled.current) return;
    handled.current = true;
    const opener = window.opener as Window | null;
    if (opener && !opener.closed) {
      try {
        opener.postMessage(returned, window.location.origin);
        window.close();
        return;
      } catch {
        // a cross-origin opener: carry on here
      }
    }
    navigate(`${BASE_PATH}${SEGMENT_SCREEN}`, { replace: true });
    void onAaResult(returned);
  }, [returned, navigate, onAaResult]);

  if (verifying || verify.isPending || returned) return <PageLoader label={t('verifying')} />;
  if (list.isLoading) return <PageLoader label={t('common:loading')} />;
  if (list.isError || !list.data)
    return (
      <div>
        <p role="alert" className="mb-4 text-danger">
          {message('somethingWrong')}
        </p>
        <Button onClick={() => void list.refetch()}>{t('common:retry')}</Button>
      </div>
    );
  return <SegmentForm segments={list.data} onAaResult={onAaResult} message={message} />;
}

function SegmentForm({
  segments,
  onAaResult,
  message,
}: {
  segments: SegmentItem[];
  onAaResult: (m: AaMessage) => Promise<void>;
  message: (said: Saying) => string;
}) {
  const { t } = useTranslation('segment');
  const go = useScreenNavigate();
  const { segmentFailed } = useSession();
  const update = useUpdateSegment();
  const aa = useAccountAggregator((m) => void onAaResult(m));
  const requiredDoc = useMemo(() => new Set(segments.filter((s) => s.required_doc).map((s) => s.code)), [segments]);
  const schema = useMemo(() => segmentFormSchema(requiredDoc), [requiredDoc]);
  const form = useForm<FormValues>({
    resolver: keyedResolver(schema) as never,
    defaultValues: {
      segments: segments.filter((s) => s.auto_select).map((s) => s.code),
      document_password: '',
      statement_date: '',
      statement_from: '',
      holding_value: '',
      file: null,
      pdf: null,
      upi_block_opt_in: false,
    },
  });
  const { handleSubmit, watch, setValue, setError, formState } = form;
  const selected = watch('segments');
  const needsProof = selected.some((c) => requiredDoc.has(c));
  const cashChosen = selected.some((c) => UPI_BLOCK_SEGMENTS.includes(c));

  // Choosing a derivatives segment first shows the risk disclosure; it is saved only once acknowledged.
  const [riskAck, setRiskAck] = useState<RiskDisclosureAck | null>(null);
  const [pendingDerivative, setPendingDerivative] = useState<string | null>(null);

  const toggle = (code: string, on: boolean) => {
    if (on && requiredDoc.has(code) && !riskAck) return setPendingDerivative(code);
    choose(code, on);
  };
  const choose = (code: string, on: boolean) => {
    const next = on ? [...selected, code] : selected.filter((c) => c !== code);
    setValue(
      'segments',
      segments.filter((s) => s.auto_select || next.includes(s.code)).map((s) => s.code),
      { shouldValidate: formState.isSubmitted },
    );
  };

  const onSubmit = async (v: FormValues) => {
    const body: UpdateSegmentRequest = { segments: v.segments };
    if (cashChosen) body.upi_block_opt_in = v.upi_block_opt_in;
    if (needsProof) {
      if (riskAck) body.risk_disclosure = riskAck;
      body.upload_prccess_by = v.upload_prccess_by;
      if (v.upload_prccess_by === 'manual' && v.file && v.financial_proof_option) {
        const details = proofDetails(v);
        for (const k of PROOF_DETAILS[v.financial_proof_option]) body[k] = details[k];
        body.financial_proof_option = v.financial_proof_option;
        body.document = bytesToBase64(await v.file.arrayBuffer());
        body.document_type = 'pdf';
        if (v.document_password) body.document_password = v.document_password;
      }
    }
    try {
      const reply = await update.mutateAsync(body);
      if (!reply.status) {
        toast.error(message(reply));
        if (reply.data.password_required === true) {
          setValue('pdf', { isPdf: true, encrypted: true });
          setError('document_password', { type: reply.code ?? 'server', message: reply.message });
        }
        if (reply.data.screen && reply.data.screen !== SEGMENT_SCREEN) go(reply.data.screen);
        return;
      }
      const url = reply.data.redirect_url;
      if (url && url.length > 2) {
        session.set({ clienttrnxid: reply.data.clienttrnxid ?? null, segmentFailed: false });
        aa.open(url);
        return;
      }
      if (reply.data.screen && reply.data.screen.length > 2) go(reply.data.screen);
    } catch (err) {
      toast.error(message(errorOf(err)));
      if (err instanceof ApiError && typeof err.data.screen === 'string') go(err.data.screen);
    }
  };

  return (
    <form onSubmit={handleSubmit(onSubmit)} noValidate>
      <p className="mb-4 text-muted">{t('intro')}</p>
      {segmentFailed && (
        <p role="status" className="mb-4 rounded-lg border border-danger/40 bg-red-50 p-3 text-sm text-danger">
          {t('failedNotice')}
        </p>
      )}
      <SegmentChoice
        segments={segments}
        selected={selected}
        onToggle={toggle}
        error={message(formState.errors.segments)}
      />
      {cashChosen && (
        <div className="mb-5 flex items-start gap-3 rounded-lg border border-slate-500 bg-white p-3">
          <input
            id="upi-block-opt-in"
            type="checkbox"
            className="mt-1 h-5 w-5 shrink-0 accent-brand"
            aria-describedby="upi-block-opt-in-desc"
            {...form.register('upi_block_opt_in')}
          />
          <div>
            <label htmlFor="upi-block-opt-in" className="font-semibold text-ink">
              {t('upiBlock')}
            </label>
            <p id="upi-block-opt-in-desc" className="text-sm text-muted">
              {t('upiBlockHint')}
            </p>
          </div>
        </div>
      )}
      <RiskDisclosureDialog
        open={pendingDerivative !== null}
        onAcknowledge={(ack) => {
          setRiskAck(ack);
          if (pendingDerivative) choose(pendingDerivative, true);
          setPendingDerivative(null);
        }}
        onDecline={() => setPendingDerivative(null)}
      />
      {needsProof && riskAck && (
        <p role="status" className="mb-3 text-sm text-muted">
          {t('riskAcknowledged', { defaultValue: 'Risk disclosures on derivatives read and acknowledged.' })}
        </p>
      )}
      {needsProof && <FinancialProof form={form} message={message} />}
      {aa.waiting ? (
        <div role="status" className="mb-3 rounded-lg bg-blue-50 p-3 text-sm text-ink">
          <p className="mb-2">{t('waitingConsent')}</p>
          <Button variant="secondary" onClick={aa.focus}>
            {t('showWindow')}
          </Button>
        </div>
      ) : (
        <Button type="submit" loading={update.isPending || formState.isSubmitting}>
          {t('common:continue')}
        </Button>
      )}
    </form>
  );
}
