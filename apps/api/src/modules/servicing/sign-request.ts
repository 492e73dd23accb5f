/**
 * A request is signed with Aadhaar eSign through the same port and PDF code path as the
 * account-opening form: a one-page request form rendered (documents/pdf-writer.ts), a signature
 * placeholder and its InputHash, the ESP's popup, the CMS verified against the trust anchors and
 * embedded. A signed request goes to the back office's Requests queue (four eyes).
 */
import type { Language } from '@ekyc/contracts/constants';
import { attributeExchanges } from '../../providers/exchanges/scope.ts';
import type { ServiceRequestView } from '@ekyc/contracts/calls/client-area';
import { NOMINATION_OPT_OUT_DECLARATION } from '@ekyc/contracts/calls/update-nominee';
import type { ServicingDeps } from './deps.ts';
import { renderDdpiDocument } from '../../documents/ddpi-document.ts';
import { verifyDetachedCms } from '../../documents/signing/cms.ts';
import { addSignaturePlaceholder, byteRangeDigest, embedCms } from '../../documents/signing/pdf-signature.ts';
import { randomId } from '../../lib/crypto.ts';
import { AppError } from '../../lib/errors.ts';
import { type SigningCompletion, signingFormHtml } from '../../lib/esign-window.ts';
import { ok, type Outcome } from '../../lib/outcome.ts';
import { notifyClient } from './notify-client.ts';
import type { RequestPayload } from './request-payload.ts';
import { requestNumber, requestView, summaryOf } from './request-view.ts';
import { formTextOf, readyToSign, REKYC_SUBTITLE, SEGMENTS_SUBTITLE } from './segment-rekyc-kinds.ts';
import { servicingRepository as repo, type ServiceRequestRow } from './servicing.repository.ts';

type Deps = Pick<ServicingDeps, 'config' | 'database' | 'cipher' | 'records' | 'messaging' | 'esign' | 'registrations'>;

/** The kinds a client signs with Aadhaar eSign, and the form's subtitle. */
const SIGNED_KINDS: Partial<Record<RequestPayload['kind'], string>> = {
  nomination: 'Nomination for the demat account',
  bank: 'Bank accounts for the trading and demat accounts',
  closure: 'Closure of the trading and demat accounts',
  ddpi: 'Demat Debit and Pledge Instruction',
  segments: SEGMENTS_SUBTITLE,
  rekyc: REKYC_SUBTITLE,
  address: 'Change of address',
  contact: 'Change of mobile number or e-mail',
};

export const CLIENT_ESIGN_RESPONSE_PATH = '/api/v1/client/esign-response';

async function requestForm(deps: Deps, row: ServiceRequestRow, payload: RequestPayload, at: Date): Promise<Buffer> {
  const [{ clientCode }, { section }] = await Promise.all([
    deps.records.get(row.applicantId),
    deps.records.getSections(row.applicantId, ['pan_obj']),
  ]);
  const name = section('pan_obj')?.full_name ?? '';
  // a DDPI is its own document, the same the journey signs (documents/ddpi-document.ts)
  if (payload.kind === 'ddpi')
    return renderDdpiDocument(
      {
        reference: requestNumber(row),
        name,
        clientCode,
        boId: (await deps.registrations.summary(row.applicantId))?.boId ?? null,
        purposes: payload.purposes,
        ruleSet: row.ruleSet,
        broker: deps.config.broker,
      },
      at,
    );
  const body =
    payload.kind === 'segments' || payload.kind === 'rekyc'
      ? formTextOf(payload)
      : payload.kind === 'address'
        ? [
            'I/We request that the address below be recorded as my/our correspondence and permanent address with the KRA, the depository and the exchanges, replacing the one recorded before.',
          ]
        : payload.kind === 'contact'
          ? [
              `I/We request that the ${payload.field === 'mobile' ? 'mobile number' : 'e-mail address'} below be recorded for my/our trading and demat accounts, replacing the one recorded before; both were confirmed by OTP.`,
              ...(payload.family
                ? [
                    `I/We declare that this e-mail address also belongs to my/our ${payload.family.relation.replaceAll('_', ' ')}, ${payload.family.holderName}.`,
                  ]
                : []),
            ]
          : payload.kind === 'closure'
            ? [
                'I/We request that my/our trading and demat accounts be closed, the holdings transferred to the demat account named below (if any), and any credit balance paid to my/our primary bank account.',
              ]
            : payload.kind === 'bank'
              ? [
                  'I/We request that the bank accounts below be recorded for my/our trading and demat accounts, the primary one receiving payouts, replacing those recorded before.',
                ]
              : payload.kind === 'nomination' && payload.opt_out
                ? [
                    NOMINATION_OPT_OUT_DECLARATION.text,
                    `Declaration version ${NOMINATION_OPT_OUT_DECLARATION.version}.`,
                  ]
                : ['I/We request the nomination below for my/our demat account, replacing any nomination made before.'];
  const { renderTextDocument } = await import('../../documents/pdf-writer.ts');
  return renderTextDocument(
    {
      title: `Service request ${requestNumber(row)}`,
      subtitle: `${SIGNED_KINDS[payload.kind] ?? 'Request'}: signed with Aadhaar eSign`,
      sections: [
        {
          heading: 'Client',
          table: {
            headers: ['Field', 'Value'],
            rows: [
              ['Name', name],
              ['Client code', clientCode ?? ''],
              ['Request', requestNumber(row)],
              ['Rules in force', `Rules of ${row.ruleSet}`],
            ],
            widths: [0.35, 0.65],
          },
        },
        { heading: 'Request', paragraphs: [...body, ...summaryOf(payload)] },
      ],
    },
    at,
  );
}

/** Prepares the form and opens an eSign transaction: the popup's HTML, as the journey's e-sign consent answers. */
export async function startRequestSigning(
  deps: Deps,
  applicantId: string,
  requestId: string,
  /** The language the client reads (the app's Accept-Language): the signing window's first page is in it. */
  language: Language,
): Promise<Outcome<{ transaction_id: string; api_response: string; expires_in: number }>> {
  const row = await repo.get(deps.database.db, requestId);
  if (!row || row.applicantId !== applicantId) throw new AppError('NOT_FOUND', 'requestNotFound');
  if (row.status !== 'draft' || !SIGNED_KINDS[row.kind]) throw new AppError('CONFLICT', 'requestNotSignable');
  const payload = deps.cipher.decryptJson<RequestPayload>(row.payloadEnc);
  if ((payload.kind === 'segments' || payload.kind === 'rekyc') && !readyToSign(payload))
    throw new AppError('CONFLICT', 'requestNotReady');
  const at = new Date(deps.esign.now());
  const pdf = addSignaturePlaceholder(await requestForm(deps, row, payload, at), {
    name: 'Client',
    reason: `Service request ${requestNumber(row)} signed with Aadhaar eSign`,
    location: 'India',
  });
  const inputHash = await byteRangeDigest(pdf);
  const prepared = await deps.records.saveFile(applicantId, {
    kind: 'service-request-form',
    contentType: 'application/pdf',
    bytes: pdf,
  });
  const txn = `ASP${randomId(12).toUpperCase()}`;
  const window = deps.config.esignWindowSeconds;
  await deps.database.db.transaction(async (tx) => {
    await repo.insertEsignTxn(tx, {
      txnId: txn,
      applicantId,
      eproId: requestNumber(row),
      expiresAt: new Date(at.getTime() + window * 1000),
    });
    await repo.change(tx, row.id, {
      esignTxn: txn,
      esignInputHash: inputHash.toString('hex'),
      preparedFileId: prepared.$file,
    });
  });
  const form = await deps.esign.signingForm({
    txn,
    inputHash,
    docInfo: `Service request ${requestNumber(row)}`,
    responseUrl: deps.config.sandbox
      ? CLIENT_ESIGN_RESPONSE_PATH
      : `${deps.config.publicUrl}${CLIENT_ESIGN_RESPONSE_PATH}`,
  });
  const html = signingFormHtml(deps.config.webDist, language, form);
  return ok('esignStarted', { transaction_id: txn, api_response: html, expires_in: window });
}

/** How a request's answer ended: signed (the request as it stands), failed or not valid. */
export type RequestSigning = SigningCompletion<{ kind: 'signed'; request: ServiceRequestRow }>;

/**
 * The ESP's answer for a request: the CMS checked and embedded, the request signed and put in the
 * Requests queue, the client told. A repeat of an answer already taken reads as signed.
 */
export async function completeRequestSigning(deps: Deps, eSignResponse: string): Promise<RequestSigning> {
  let result;
  try {
    result = await deps.esign.readResponse(eSignResponse);
  } catch {
    return { kind: 'invalid', said: 'esignAnswerUnverified', language: null };
  }
  const db = deps.database.db;
  const row = await repo.byEsignTxn(db, result.txn);
  const txn = await repo.esignTxn(db, result.txn);
  if (!row || !txn) return { kind: 'invalid', said: 'esignUnknownTransaction', language: null };
  const { language } = txn;
  await attributeExchanges(row.applicantId);
  if (txn.status === 'signed') return { kind: 'signed', request: row, language };
  if (txn.status !== 'pending' || deps.esign.now() > txn.expiresAt.getTime()) {
    await repo.finishEsignTxn(db, result.txn, 'expired', 'Time limit exceeded');
    return { kind: 'failed', said: 'esignTimeRanOut', language };
  }
  if (!result.ok) {
    await repo.finishEsignTxn(db, result.txn, 'failed', result.errMsg);
    return { kind: 'failed', said: 'esignError', detail: result.errMsg, language };
  }
  const inputHash = Buffer.from(row.esignInputHash ?? '', 'hex');
  const prepared = row.preparedFileId ? await deps.records.readFile(row.preparedFileId) : null;
  let signed: Buffer;
  try {
    await verifyDetachedCms(result.cms, inputHash, deps.esign.trustAnchors, new Date(deps.esign.now()));
    signed = await embedCms(prepared!.bytes, result.cms, inputHash);
  } catch (err) {
    await repo.finishEsignTxn(db, result.txn, 'failed', 'signature not valid');
    return { kind: 'failed', said: 'esignError', ...(err instanceof Error && { detail: err.message }), language };
  }
  const signedRef = await deps.records.saveFile(row.applicantId, {
    kind: 'signed-service-request',
    contentType: 'application/pdf',
    bytes: signed,
  });
  const moved = await db.transaction(async (tx) => {
    if (!(await repo.finishEsignTxn(tx, result.txn, 'signed', 'Document signed'))) return null;
    const signedRow = await repo.move(tx, row, 'client_signs', { signedFileId: signedRef.$file });
    await repo.audit(
      tx,
      row.applicantId,
      'service_request.signed',
      {
        request: requestNumber(row),
        kind: row.kind,
        signed_file: signedRef.$file,
        txn: result.txn,
      },
      { kind: 'applicant', id: row.applicantId },
    );
    return repo.move(tx, signedRow, 'submitted_for_review');
  });
  if (!moved) return { kind: 'signed', request: row, language };
  await notifyClient(deps, row.applicantId, {
    number: requestNumber(moved),
    kind: moved.kind,
    status: moved.status,
    reason: null,
  });
  return { kind: 'signed', request: moved, language };
}

/** The client's view of a request they own (the page polls it while the popup signs). */
export async function getClientRequest(
  deps: Deps,
  applicantId: string,
  sessionId: string,
  requestId: string,
): Promise<Outcome<{ request: ServiceRequestView }>> {
  const row = await repo.get(deps.database.db, requestId);
  if (!row || row.applicantId !== applicantId) throw new AppError('NOT_FOUND', 'requestNotFound');
  return ok('serviceRequest', { request: requestView(deps, row, sessionId) });
}
