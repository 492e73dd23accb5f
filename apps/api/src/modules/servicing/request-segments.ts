/**
 * A segment request: derivatives added after the account is open, with the risk disclosure of the
 * rules in force acknowledged and an income proof (a PDF checked as the segment step checks it, or
 * the account aggregator's consent, income-proof-consent.ts); currency derivatives with the RBI
 * declaration; a segment stopped. The draft is signed with Aadhaar eSign and four-eyed; each
 * exchange's UCC is then sent the client's segments (carry-out-request.ts).
 */
import type { ServiceRequestView } from '@ekyc/contracts/calls/client-area';
import {
  CURRENCY_DERIVATIVES,
  RBI_CURRENCY_DECLARATION,
  segmentNeedsIncomeProof,
  segmentRequestSchema,
} from '@ekyc/contracts/calls/client-segments';
import { PROOF_DETAILS } from '@ekyc/contracts/calls/update-segment';
import { riskDisclosureFor } from '@ekyc/contracts/risk-disclosure';
import { indianDay, ruleSetOn } from '@ekyc/contracts/regulation';
import { randomUUID } from 'node:crypto';
import type { ServicingDeps } from './deps.ts';
import { startsAsPdf } from '../../documents/pdf-limits.ts';
import { AppError, invalidField, invalidFieldIssue } from '../../lib/errors.ts';
import { fail, ok, type Outcome } from '../../lib/outcome.ts';
import { ProviderError } from '../../providers/http.ts';
import { segmentHoldsRepository } from '../../records/segment-holds.repository.ts';
import type { RequestIncomeProof, RequestSegments } from './request-payload.ts';
import { requestView } from './request-view.ts';
import { servicingRepository as repo } from './servicing.repository.ts';

type Deps = Pick<
  ServicingDeps,
  'config' | 'database' | 'cipher' | 'records' | 'registrations' | 'documents' | 'accountAggregator' | 'now'
>;

type Refusal = {
  reason: 'already_active' | 'not_active' | 'pdf_password_required' | 'pdf_password_wrong' | 'pdf_unreadable';
  segment: string | null;
};
type Drafted = { request: ServiceRequestView; redirect_url: string | null };

/** Where the account aggregator sends the client back: the client area's segment page. */
const SEGMENTS_PAGE = '/my-account/segments';

export async function requestSegments(
  deps: Deps,
  applicantId: string,
  sessionId: string,
  body: unknown,
): Promise<Outcome<Drafted | Refusal>> {
  const now = new Date(deps.now());
  const parsed = segmentRequestSchema({ now: () => now }).safeParse(body);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    throw invalidFieldIssue(issue.path.join('.') || 'body', issue);
  }
  const input = parsed.data;
  const open = await repo.openOfKind(deps.database.db, applicantId, 'segments');
  if (open && open.status !== 'draft') throw new AppError('CONFLICT', 'segmentRequestUnderWay');
  const before = (await deps.registrations.summary(applicantId))?.segments ?? [];
  const already = input.activate.find((c) => before.includes(c));
  if (already) return fail('segmentAlreadyActive', { reason: 'already_active', segment: already });
  const inactive = input.deactivate.find((c) => !before.includes(c));
  if (inactive) return fail('segmentNotActive', { reason: 'not_active', segment: inactive });
  const after = [...before.filter((c) => !input.deactivate.includes(c)), ...input.activate];
  // a segment held back at approval until its proof arrives: this request brings the proof
  const held = (await segmentHoldsRepository.list(deps.database.db, applicantId)).map((h) => h.segment);
  const releases = input.activate.filter((c) => held.includes(c));
  // stopping every segment is a closure, not a segment request
  if (after.length === 0) throw invalidField('deactivate', 'segmentRequired');

  const ruleSet = ruleSetOn(indianDay(now));
  const derivatives = input.activate.some(segmentNeedsIncomeProof);
  const rule = ruleSet.values.riskDisclosure;
  let riskDisclosure: RequestSegments['riskDisclosure'] = null;
  if (derivatives && rule) {
    const ack = input.risk_disclosure;
    if (!ack || ack.version !== rule.version) throw invalidField('risk_disclosure', 'riskDisclosureRequired');
    riskDisclosure = {
      version: ack.version,
      language: riskDisclosureFor(ack.version, ack.language).language,
      acknowledgedAt: now.toISOString(),
      clientAcknowledgedAt: ack.acknowledged_at,
    };
  }
  const currency = input.activate.includes(CURRENCY_DERIVATIVES);
  if (currency && input.rbi_declaration !== RBI_CURRENCY_DECLARATION.version)
    throw invalidField('rbi_declaration', 'rbiDeclarationRequired');

  let incomeProof: RequestIncomeProof | null = null;
  let redirect: string | null = null;
  if (derivatives && input.income_proof?.method === 'upload') {
    const proof = input.income_proof;
    const bytes = decodePdf(proof.document ?? '');
    const { opened, active } = await deps.documents.inspectPdf(bytes, proof.document_password || undefined);
    if (active) throw invalidField('income_proof.document', 'pdfActiveContent');
    if (!opened.ok) {
      if (opened.reason === 'too_complex') throw invalidField('income_proof.document', 'pdfTooComplex');
      if (opened.reason === 'password_required')
        return fail('segmentPdfPasswordRequired', { reason: 'pdf_password_required', segment: null });
      if (opened.reason === 'password_wrong')
        return fail('segmentPdfPasswordWrong', { reason: 'pdf_password_wrong', segment: null });
      return fail('segmentPdfUnreadable', { reason: 'pdf_unreadable', segment: null });
    }
    const option = proof.financial_proof_option!;
    const document = await deps.records.saveFile(applicantId, {
      kind: 'segment_proof',
      contentType: 'application/pdf',
      bytes,
    });
    incomeProof = {
      method: 'upload',
      option,
      document,
      details: Object.fromEntries(PROOF_DETAILS[option].map((k) => [k, proof[k] ?? ''])),
      pages: opened.pages,
      consent: null,
    };
  } else if (derivatives) {
    const applicant = await deps.records.get(applicantId);
    const txnid = randomUUID();
    const from = new Date(now);
    from.setUTCMonth(from.getUTCMonth() - 6);
    let consent: { consentHandle: string; customerId: string };
    try {
      consent = await deps.accountAggregator.requestConsent({ txnid, mobile: applicant.mobile, from, to: now });
    } catch (err) {
      if (err instanceof ProviderError) throw new AppError('UNAVAILABLE', 'aaUnavailable');
      throw err;
    }
    redirect = deps.accountAggregator.webviewUrl({
      txnid,
      sessionid: consent.consentHandle,
      userid: consent.customerId,
      redirect: `${deps.config.publicUrl}${SEGMENTS_PAGE}`,
      srcref: consent.consentHandle,
    });
    incomeProof = {
      method: 'account_aggregator',
      option: 'bank_statement',
      document: null,
      details: {},
      pages: null,
      consent: { txnid, handle: consent.consentHandle, id: null, status: 'pending', approvedAt: null },
    };
  }

  const payload: RequestSegments = {
    kind: 'segments',
    activate: input.activate,
    deactivate: input.deactivate,
    before,
    after,
    riskDisclosure,
    rbiDeclaration: currency ? { version: RBI_CURRENCY_DECLARATION.version, acceptedAt: now.toISOString() } : null,
    incomeProof,
    ...(releases.length > 0 && { releases }),
  };
  const row = await deps.database.db.transaction(async (tx) => {
    const created = await repo.insert(tx, {
      applicantId,
      kind: 'segments',
      status: 'draft',
      payloadEnc: deps.cipher.encryptJson(payload),
      ruleSet: ruleSet.id,
    });
    await repo.audit(
      tx,
      applicantId,
      'service_request.drafted',
      {
        request: created.id,
        kind: 'segments',
        activate: payload.activate,
        deactivate: payload.deactivate,
        risk_disclosure: riskDisclosure,
        rbi_declaration: payload.rbiDeclaration,
        income_proof: incomeProof && { method: incomeProof.method, option: incomeProof.option },
        ...(releases.length > 0 && { releases }),
      },
      { kind: 'applicant', id: applicantId },
    );
    return created;
  });
  return ok('segmentRequestSaved', { request: requestView(deps, row, sessionId), redirect_url: redirect });
}

/** Base64, bare or as a data URL: a PDF only, as the segment step takes it. */
function decodePdf(document: string): Buffer {
  const m = /^data:([a-z]+\/[a-z0-9.+-]+);base64,(.*)$/s.exec(document);
  if (m && m[1] !== 'application/pdf') throw invalidField('income_proof.document', 'segmentPdfOnly');
  const b64 = (m ? m[2]! : document).replace(/\s+/g, '');
  if (!/^[A-Za-z0-9+/]+={0,2}$/.test(b64)) throw invalidField('income_proof.document', 'segmentPdfOnly');
  const bytes = Buffer.from(b64, 'base64');
  if (!startsAsPdf(bytes)) throw invalidField('income_proof.document', 'segmentPdfOnly');
  return bytes;
}
