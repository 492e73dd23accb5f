/**
 * The DDPI signed on its own at opening (SEBI/HO/MIRSD/DoP/P/CIR/2022/44: separately signed,
 * never a precondition). An applicant who chose DDPI in the demat step signs, after the form, a
 * document of its own listing its purposes (documents/ddpi-document.ts) with Aadhaar OTP through
 * the same e-sign port, as a transaction of its own; it is kept apart from the form (file kind
 * signed-ddpi, section _ddpi) and only then does the depository registration carry the DDPI.
 */
import type { DdpiData } from '@ekyc/contracts/calls/ddpi';
import type { EsignConsentData } from '@ekyc/contracts/calls/esign-consent';
import type { EsignDeps } from './deps.ts';
import { renderDdpiDocument } from '../../documents/ddpi-document.ts';
import { verifyDetachedCms } from '../../documents/signing/cms.ts';
import { addSignaturePlaceholder, byteRangeDigest, embedCms } from '../../documents/signing/pdf-signature.ts';
import { randomId } from '../../lib/crypto.ts';
import { AppError } from '../../lib/errors.ts';
import { type SigningCompletion, signingFormHtml } from '../../lib/esign-window.ts';
import { ok, told, type Outcome } from '../../lib/outcome.ts';
import { channels } from '../../realtime/hub.ts';
import { DDPI_PENDING, DDPI_SECTION, type DdpiPending, type DdpiRecord } from '../../records/ddpi.ts';
import { ruleSetOf } from '../../records/rule-set.ts';
import { esignRepository as repo } from './esign.repository.ts';

type Deps = Pick<EsignDeps, 'config' | 'database' | 'hub' | 'records' | 'esign'>;

export const DDPI_RESPONSE_PATH = '/api/v1/ekyc/ddpi/esign-response';

async function ddpiState(deps: Pick<Deps, 'records'>, applicantId: string) {
  const { section } = await deps.records.getSections(applicantId, [
    '_demat_choice',
    'esign_obj',
    'pan_obj',
    DDPI_SECTION,
    DDPI_PENDING,
  ]);
  const rules = await ruleSetOf(deps.records, applicantId);
  return {
    chosen: section('_demat_choice')?.ddpi?.opted === true,
    formSigned: !!section('esign_obj')?.signed_document,
    signed: section(DDPI_SECTION),
    pending: section(DDPI_PENDING),
    name: section('pan_obj')?.full_name ?? section('pan_obj')?.name_on_card ?? '',
    rules,
  };
}

/** GET ddpi: the choice, its purposes and whether its own document is signed. */
export async function getDdpi(deps: Deps, applicantId: string, sessionId: string): Promise<Outcome<DdpiData>> {
  const s = await ddpiState(deps, applicantId);
  return ok('ddpiDocument', {
    chosen: s.chosen,
    purposes: s.signed?.purposes ?? [...s.rules.values.ddpiPurposes],
    form_signed: s.formSigned,
    signed: !!s.signed,
    signed_at: s.signed?.signed_at ?? null,
    signed_document: s.signed ? deps.records.fileUrl(s.signed.signed_document, sessionId) : null,
  });
}

/** POST ddpi/esign: renders the DDPI document, prepares its signature and opens its own eSign transaction. */
export async function startDdpiSigning(deps: Deps, applicantId: string): Promise<Outcome<EsignConsentData>> {
  const s = await ddpiState(deps, applicantId);
  if (!s.chosen) throw new AppError('CONFLICT', 'ddpiNotChosen');
  if (!s.formSigned) throw new AppError('CONFLICT', 'ddpiFormFirst');
  if (s.signed) throw new AppError('CONFLICT', 'ddpiSignedAlready');
  const applicant = await deps.records.get(applicantId);
  const at = new Date(deps.esign.now());
  const reference = `DDPI${randomId(8).toUpperCase()}`;
  const purposes = [...s.rules.values.ddpiPurposes];
  const rendered = await renderDdpiDocument(
    {
      reference,
      name: s.name,
      clientCode: applicant.clientCode,
      boId: null,
      purposes,
      ruleSet: s.rules.id,
      broker: deps.config.broker,
    },
    at,
  );
  const pdf = addSignaturePlaceholder(rendered, {
    name: s.name || 'Applicant',
    reason: 'Demat Debit and Pledge Instruction signed with Aadhaar eSign',
    location: 'India',
  });
  const inputHash = await byteRangeDigest(pdf);
  const doc = await deps.records.saveFile(applicantId, { kind: 'ddpi', contentType: 'application/pdf', bytes: pdf });
  const txn = `ASP${randomId(12).toUpperCase()}`;
  const window = deps.config.esignWindowSeconds;
  const pending: DdpiPending = {
    reference,
    txn,
    input_hash: inputHash.toString('hex'),
    generated_doc: doc,
    purposes,
    rule_set: s.rules.id,
  };
  await deps.records.save(applicantId, { [DDPI_PENDING]: pending });
  await repo.insert(deps.database.db, {
    txnId: txn,
    applicantId,
    eproId: reference,
    expiresAt: new Date(at.getTime() + window * 1000),
  });
  const form = await deps.esign.signingForm({
    txn,
    inputHash,
    docInfo: `Demat Debit and Pledge Instruction ${reference}`,
    responseUrl: deps.config.sandbox ? DDPI_RESPONSE_PATH : `${deps.config.publicUrl}${DDPI_RESPONSE_PATH}`,
  });
  const html = signingFormHtml(deps.config.webDist, applicant.language, form);
  return ok('esignStarted', { transaction_id: txn, api_response: html, expires_in: window });
}

/** How a DDPI's answer ended: signed, failed or not valid. */
export type DdpiCompletion = SigningCompletion;

/** The ESP's answer for a DDPI: the CMS checked and embedded, the signed DDPI kept apart from the form. */
export async function completeDdpiSigning(deps: Deps, eSignResponse: string): Promise<DdpiCompletion> {
  let result;
  try {
    result = await deps.esign.readResponse(eSignResponse);
  } catch {
    return { kind: 'invalid', said: 'esignAnswerUnverified', language: null };
  }
  const db = deps.database.db;
  const row = await repo.find(db, result.txn);
  if (!row) return { kind: 'invalid', said: 'esignUnknownTransaction', language: null };
  const { language } = row;
  if (row.status === 'signed') return { kind: 'signed', language };
  const at = new Date(deps.esign.now());
  /** Ends the transaction failed: the socket and the window say `said`; the row keeps the reason. */
  const failed = async (said: 'esignError' | 'ddpiFormChanged', detail?: string) => {
    if (await repo.finish(db, row.txnId, 'failed', detail ?? told(said).message, at))
      await deps.hub.publish(channels.esign(row.txnId), { status: false, ...told(said), disconnect: false });
    return { kind: 'failed' as const, said, ...(detail && { detail }), language };
  };
  if (row.status !== 'pending' || at.getTime() > row.expiresAt.getTime()) {
    await repo.finish(db, row.txnId, 'expired', 'Time limit exceeded', at);
    return { kind: 'failed', said: 'esignTimeRanOut', language };
  }
  if (!result.ok) return failed('esignError', result.errMsg);
  const pending = await deps.records.getSection(row.applicantId, DDPI_PENDING);
  if (!pending || pending.txn !== row.txnId) return failed('ddpiFormChanged');
  const inputHash = Buffer.from(pending.input_hash, 'hex');
  const prepared = await deps.records.readFile(pending.generated_doc.$file);
  let signed: Buffer;
  try {
    await verifyDetachedCms(result.cms, inputHash, deps.esign.trustAnchors, at);
    signed = await embedCms(prepared!.bytes, result.cms, inputHash);
  } catch (err) {
    return failed('esignError', err instanceof Error ? err.message : undefined);
  }
  const signedRef = await deps.records.saveFile(row.applicantId, {
    kind: 'signed-ddpi',
    contentType: 'application/pdf',
    bytes: signed,
  });
  const record: DdpiRecord = {
    reference: pending.reference,
    purposes: pending.purposes,
    rule_set: pending.rule_set,
    generated_doc: pending.generated_doc,
    signed_document: signedRef,
    signed_at: at.toISOString(),
    source: 'account_opening',
    esp: result.vendor,
  };
  const finished = await db.transaction(async (tx) => {
    if (!(await repo.finish(tx, row.txnId, 'signed', 'Document signed', at))) return false;
    await deps.records.saveIn(tx, row.applicantId, { [DDPI_SECTION]: record, [DDPI_PENDING]: null });
    await deps.records.auditIn(tx, row.applicantId, {
      action: 'ddpi.signed',
      after: { reference: record.reference, signed_file: signedRef.$file, txn: row.txnId, purposes: record.purposes },
    });
    return true;
  });
  if (!finished) return { kind: 'failed', said: 'esignTimeRanOut', language };
  await deps.records.notifyChanged(row.applicantId);
  await deps.hub.publish(channels.esign(row.txnId), { status: true, ...told('esignWindowSigned'), disconnect: false });
  return { kind: 'signed', language };
}
