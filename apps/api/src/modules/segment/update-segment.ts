/**
 * update-segment: the chosen segments (auto_select ones always included) and, when a derivative is
 * chosen, the financial proof: manual (a PDF, opened with its password when protected) completes
 * the stage; digital asks the account aggregator for a consent and answers its redirect_url.
 */
import type { SegmentItem } from '@ekyc/contracts/calls/get-segment-list';
import type { UpdateSegmentData, updateSegmentRequestSchema } from '@ekyc/contracts/calls/update-segment';
import { PROOF_DETAILS, UPI_BLOCK_SEGMENTS } from '@ekyc/contracts/calls/update-segment';
import { riskDisclosureFor } from '@ekyc/contracts/risk-disclosure';
import { BASE_PATH, STAGE, routeForStage } from '@ekyc/contracts/stages';
import { randomUUID } from 'node:crypto';
import type { z } from 'zod';
import type { SegmentDeps } from './deps.ts';
import { startsAsPdf } from '../../documents/pdf-limits.ts';
import { invalidField, invalidFieldAs } from '../../lib/errors.ts';
import { fail, ok, type Outcome } from '../../lib/outcome.ts';
import { ProviderError } from '../../providers/http.ts';
import { RULE_SET_SECTION, ruleSetFrom } from '../../records/rule-set.ts';
import type { RuleSet } from '@ekyc/contracts/regulation';
import {
  PENDING_CONSENT,
  type PendingConsent,
  RISK_DISCLOSURE,
  type RiskDisclosureRecord,
  SEGMENT_PRIVATE,
  type SegmentObj,
  UPI_BLOCK,
  type UpiBlockChoice,
} from './segment-record.ts';
import { segmentRepository } from './segment.repository.ts';

type Input = z.output<ReturnType<typeof updateSegmentRequestSchema>>;
type Deps = Pick<SegmentDeps, 'database' | 'records' | 'accountAggregator' | 'config' | 'documents'>;

const SEGMENT_SCREEN = routeForStage(STAGE.SEGMENT);

export async function updateSegment(
  deps: Deps,
  applicantId: string,
  input: Input,
): Promise<Outcome<UpdateSegmentData>> {
  const rules = ruleSetFrom(await deps.records.requireStageWith(applicantId, 'update-segment', [RULE_SET_SECTION]));
  const chosen = chooseSegments(await segmentRepository.list(deps.database.db), input.segments);
  const segment_list = chosen.map((s) => ({ code: s.code, name: s.name }));
  // the UPI block choice, asked with a cash segment (whichever way the proof goes on); written with
  // the step's other sections, never before a provider call that may fail
  const cash = chosen.some((s) => UPI_BLOCK_SEGMENTS.includes(s.code));
  const upi: UpiBlockChoice | null = cash
    ? { opted: input.upi_block_opt_in === true, chosen_at: new Date().toISOString() }
    : null;

  if (!chosen.some((s) => s.required_doc)) {
    const move = await deps.records.completeStage(applicantId, STAGE.SEGMENT, {
      action: 'update-segment',
      sections: {
        segment_obj: { segment_list, upload_prccess_by: null, financial_proof_option: null, document_type: null },
        [PENDING_CONSENT]: null,
        [SEGMENT_PRIVATE]: null,
        [RISK_DISCLOSURE]: null,
        [UPI_BLOCK]: upi,
      },
    });
    return ok('segmentsSaved', { screen: move.screen });
  }
  if (!input.upload_prccess_by) throw invalidField('upload_prccess_by', 'segmentUploadProcessRequired');
  const risk = checkRiskDisclosure(rules, segment_list, input.risk_disclosure);
  if (input.upload_prccess_by === 'digital') return startDigitalProof(deps, applicantId, segment_list, risk, upi);
  return saveManualProof(deps, applicantId, segment_list, input, risk, upi);
}

/**
 * A derivatives segment is saved only once the prescribed risk disclosure of the application's
 * rule set has been acknowledged; the acknowledgement (version, the language shown, times) is kept.
 */
function checkRiskDisclosure(
  rules: RuleSet,
  segment_list: SegmentObj['segment_list'],
  ack: Input['risk_disclosure'],
): RiskDisclosureRecord | null {
  const rule = rules.values.riskDisclosure;
  if (!rule) return null;
  if (!ack || ack.version !== rule.version) throw invalidField('risk_disclosure', 'riskDisclosureRequired');
  const record: RiskDisclosureRecord = {
    version: ack.version,
    language: riskDisclosureFor(ack.version, ack.language).language,
    acknowledged_at: new Date().toISOString(),
    client_acknowledged_at: ack.acknowledged_at,
    segments: segment_list.map((s) => s.code),
  };
  return record;
}

/** The chosen codes plus every auto_select segment, in display order; an unknown code is a 400. */
function chooseSegments(catalogue: SegmentItem[], codes: string[]): SegmentItem[] {
  const unknown = codes.find((c) => !catalogue.some((s) => s.code === c));
  if (unknown !== undefined)
    throw invalidFieldAs('segments', 'segmentUnknown', `Unknown segment ${unknown.slice(0, 64)}`);
  const chosen = catalogue.filter((s) => s.auto_select || codes.includes(s.code));
  if (chosen.length === 0) throw invalidField('segments', 'segmentRequired');
  return chosen;
}

async function startDigitalProof(
  deps: Deps,
  applicantId: string,
  segment_list: SegmentObj['segment_list'],
  risk: RiskDisclosureRecord | null,
  upi: UpiBlockChoice | null,
): Promise<Outcome<UpdateSegmentData>> {
  const applicant = await deps.records.get(applicantId);
  const txnid = randomUUID();
  const to = new Date();
  const from = new Date(to);
  from.setUTCMonth(from.getUTCMonth() - 6);
  let consent: { consentHandle: string; customerId: string };
  try {
    consent = await deps.accountAggregator.requestConsent({ txnid, mobile: applicant.mobile, from, to });
  } catch (err) {
    if (err instanceof ProviderError) return fail('serviceUnavailable', { screen: SEGMENT_SCREEN });
    throw err;
  }
  const redirect_url = deps.accountAggregator.webviewUrl({
    txnid,
    sessionid: consent.consentHandle,
    userid: consent.customerId,
    redirect: `${deps.config.publicUrl}${BASE_PATH}${SEGMENT_SCREEN}`,
    srcref: consent.consentHandle,
  });
  const pending: PendingConsent = {
    clienttrnxid: txnid,
    consent_handle: consent.consentHandle,
    segment_list,
    requested_at: new Date().toISOString(),
  };
  await deps.records.save(applicantId, { [PENDING_CONSENT]: pending, [RISK_DISCLOSURE]: risk, [UPI_BLOCK]: upi });
  return ok('aaConsentPending', { redirect_url, clienttrnxid: txnid });
}

async function saveManualProof(
  deps: Deps,
  applicantId: string,
  segment_list: SegmentObj['segment_list'],
  input: Input,
  risk: RiskDisclosureRecord | null,
  upi: UpiBlockChoice | null,
): Promise<Outcome<UpdateSegmentData>> {
  const bytes = decodePdf(input.document ?? '');
  // decrypted with the applicant's password before it is judged: nothing hides in encrypted streams
  const { opened, active } = await deps.documents.inspectPdf(bytes, input.document_password || undefined);
  if (active) throw invalidField('document', 'pdfActiveContent');
  if (!opened.ok) {
    // built to cost more than its check may: refused outright, like active content
    if (opened.reason === 'too_complex') throw invalidField('document', 'pdfTooComplex');
    if (opened.reason === 'password_required')
      return fail('segmentPdfPasswordRequired', { screen: SEGMENT_SCREEN, password_required: true });
    if (opened.reason === 'password_wrong')
      return fail('segmentPdfPasswordWrong', { screen: SEGMENT_SCREEN, password_required: true });
    return fail('segmentPdfUnreadable', { screen: SEGMENT_SCREEN });
  }
  const option = input.financial_proof_option!;
  const proof_details = Object.fromEntries(PROOF_DETAILS[option].map((k) => [k, input[k] ?? '']));
  // its row added with the stage's sections below
  const [stored] = await deps.records.storeFiles([{ kind: 'segment_proof', contentType: 'application/pdf', bytes }]);
  const document = stored!.ref;
  const segment_obj: SegmentObj = {
    segment_list,
    upload_prccess_by: 'manual',
    financial_proof_option: option,
    document_type: 'pdf',
    document,
    proof_details,
    document_protected: opened.encrypted,
    document_opened: true,
    document_pages: opened.pages,
  };
  const move = await deps.records.completeStage(applicantId, STAGE.SEGMENT, {
    action: 'update-segment',
    files: [stored!],
    sections: {
      segment_obj,
      [PENDING_CONSENT]: null,
      [RISK_DISCLOSURE]: risk,
      [UPI_BLOCK]: upi,
      [SEGMENT_PRIVATE]:
        opened.encrypted && input.document_password ? { document_password: input.document_password } : null,
    },
  });
  return ok('segmentsSaved', { screen: move.screen });
}

/** Base64, bare or as a data URL; only a PDF is accepted (section 5: 'Only PDF files can be uploaded'). */
function decodePdf(document: string): Buffer {
  const m = /^data:([a-z]+\/[a-z0-9.+-]+);base64,(.*)$/s.exec(document);
  if (m && m[1] !== 'application/pdf') throw invalidField('document', 'segmentPdfOnly');
  const b64 = (m ? m[2]! : document).replace(/\s+/g, '');
  if (!/^[A-Za-z0-9+/]+={0,2}$/.test(b64)) throw invalidField('document', 'segmentPdfOnly');
  const bytes = Buffer.from(b64, 'base64');
  if (!startsAsPdf(bytes)) throw invalidField('document', 'segmentPdfOnly');
  return bytes;
}
