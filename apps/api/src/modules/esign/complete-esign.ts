/**
 * The e-sign service's answer, form-posted by the popup to the response URL (no applicant token:
 * the transaction identifies the applicant). The <EsignResp> signature and the CMS are checked,
 * the CMS goes into the form's placeholder, and the stage completes; the status socket is told.
 * The transaction ends signed together with the PAN's claim in signed_pans (records/signed.ts): a
 * PAN another applicant signed first fails on its key, and this signing is refused with it. The
 * signer certificate's common name (the name the ESP's Aadhaar eKYC gave) is compared with the
 * Aadhaar name on record by the name matcher; a mismatch is kept on esign_obj and shown to the
 * reviewer as a failed check, the two names side by side.
 */
import { X509Certificate } from 'node:crypto';
import { MSG } from '@ekyc/contracts/messages';
import { STAGE } from '@ekyc/contracts/stages';
import { notSigned, type SigningCompletion, type WindowResult } from '../../lib/esign-window.ts';
import { told } from '../../lib/outcome.ts';
import { attributeExchanges } from '../../providers/exchanges/scope.ts';
import type { EsignDeps } from './deps.ts';
import { verifyDetachedCms } from '../../documents/signing/cms.ts';
import { embedCms } from '../../documents/signing/pdf-signature.ts';
import { channels } from '../../realtime/hub.ts';
import { matchHolderName } from '../../lib/name-match.ts';
import { aadhaarNameOf } from '../../records/aadhaar-name.ts';
import { isSignedPanTaken, panHashOf, signedRepository } from '../../records/signed.ts';
import { SIGNED_FORMS, withSignedForm } from '../../records/signed-form.ts';
import { esignRepository as repo } from './esign.repository.ts';
import { ESIGN_PRIVATE, type EsignSection } from './esign-state.ts';
import { expireIfPending } from './start-esign-consent.ts';

type Deps = Pick<EsignDeps, 'config' | 'database' | 'hub' | 'hasher' | 'records' | 'esign'>;

/** How the form's answer ended: signed, past its window, failed or not valid. */
export type EsignCompletion = SigningCompletion<{ kind: 'signed' } | { kind: 'expired' }>;

export async function completeEsign(deps: Deps, eSignResponse: string): Promise<EsignCompletion> {
  let result;
  try {
    result = await deps.esign.readResponse(eSignResponse);
  } catch {
    return { kind: 'invalid', said: 'esignAnswerUnverified', language: null };
  }
  const row = await repo.find(deps.database.db, result.txn);
  if (!row) return { kind: 'invalid', said: 'esignUnknownTransaction', language: null };
  await attributeExchanges(row.applicantId);
  const { language } = row;
  if (row.status === 'signed') return { kind: 'signed', language };
  if (row.status === 'expired') return { kind: 'expired', language };
  // a repeat of an answer already taken: the first said why; the reason kept may be ours, not the service's
  if (row.status === 'failed') return { kind: 'failed', said: 'esignError', language };
  if (deps.esign.now() > row.expiresAt.getTime()) {
    await expireIfPending(deps, row.txnId);
    return { kind: 'expired', language };
  }
  const db = deps.database.db;
  /** Ends the transaction failed: the socket and the window say `said`; the row keeps the reason. */
  const publishFailure = async (said: 'esignError' | 'panInUse' | 'esignFormChanged', detail?: string) => {
    if (await repo.finish(db, row.txnId, 'failed', detail ?? told(said).message, new Date(deps.esign.now())))
      await deps.hub.publish(channels.esign(row.txnId), { status: false, ...told(said), disconnect: false });
    return { kind: 'failed' as const, said, ...(detail && { detail }), language };
  };
  if (!result.ok) return publishFailure('esignError', result.errMsg);

  const { section: read } = await deps.records.getSections(row.applicantId, [
    ESIGN_PRIVATE,
    'pan_obj',
    SIGNED_FORMS,
    'digilocker_obj',
  ]);
  const state = read(ESIGN_PRIVATE);
  const pan = read('pan_obj')?.pan_number;
  if (!state || state.epro_id !== row.eproId) return publishFailure('esignFormChanged');
  const inputHash = Buffer.from(state.input_hash, 'hex');
  const prepared = await deps.records.readFile(state.generated_doc.$file);
  let signed: Buffer;
  let signerName: string;
  try {
    const check = await verifyDetachedCms(result.cms, inputHash, deps.esign.trustAnchors, new Date(deps.esign.now()));
    signerName = commonName(check.signerCertPem);
    signed = await embedCms(prepared!.bytes, result.cms, inputHash);
  } catch (err) {
    return publishFailure('esignError', err instanceof Error ? err.message : undefined);
  }
  // its row added with the stage's sections below
  const [stored] = await deps.records.storeFiles([
    { kind: 'signed-account-opening-form', contentType: 'application/pdf', bytes: signed },
  ]);
  const signedRef = stored!.ref;
  const signedAt = new Date(deps.esign.now());
  const panHash = pan ? panHashOf(deps, pan) : null;
  let finished: boolean;
  try {
    // the transaction ends signed with the PAN's claim, in one statement
    finished = await signedRepository.finishSigningClaimingPan(
      db,
      { txnId: row.txnId, message: MSG.esignSigned, at: signedAt },
      { applicantId: row.applicantId, panHash },
    );
  } catch (err) {
    if (!panHash || !isSignedPanTaken(err)) throw err;
    const holder = await signedRepository.ownerOf(db, panHash);
    if (holder) await signedRepository.auditRefusedReuse(db, holder, row.applicantId, STAGE.ESIGN);
    return publishFailure('panInUse');
  }
  if (!finished) return { kind: 'expired', language };
  const section: EsignSection = {
    epro_id: state.epro_id,
    generated_doc: state.generated_doc,
    signed_document: signedRef,
    signed_at: signedAt.toISOString(),
    signer_name_match: signerNameMatch(signerName, aadhaarNameOf(read('digilocker_obj'))),
    esp: result.vendor,
  };
  // the facts this form printed become the signed version the record is compared with from now on
  const signedForms = state.facts
    ? withSignedForm(read(SIGNED_FORMS), {
        epro_id: state.epro_id,
        signed_at: section.signed_at!,
        facts: state.facts,
      })
    : null;
  const moved = await deps.records.completeStage(row.applicantId, STAGE.ESIGN, {
    files: [stored!],
    sections: { esign_obj: section, [ESIGN_PRIVATE]: null, ...(signedForms && { [SIGNED_FORMS]: signedForms }) },
  });
  await deps.hub.publish(channels.esign(row.txnId), {
    status: true,
    message: MSG.esignSigned,
    code: 'esignSigned',
    disconnect: false,
    // the status socket turns the reference into a link bound to its own session
    data: { signed_document_link: signedRef, screen: moved.screen },
  });
  return { kind: 'signed', language };
}

/** The certificate's common name (CN), as the ESP wrote it from the Aadhaar eKYC. */
const commonName = (pem: string) => /(?:^|\n)CN=([^\n]*)/.exec(new X509Certificate(pem).subject)?.[1]?.trim() ?? '';

function signerNameMatch(signerName: string, aadhaarName: string | null): EsignSection['signer_name_match'] {
  if (!aadhaarName) return { signer_name: signerName, aadhaar_name: null, result: 'not_recorded', score: 0 };
  const m = matchHolderName(signerName, aadhaarName);
  return { signer_name: signerName, aadhaar_name: aadhaarName, result: m.result, score: m.score };
}

/** What the e-sign window says of a completion. */
export const windowResult = (c: EsignCompletion): WindowResult =>
  c.kind === 'signed'
    ? { title: 'esignWindowSigned', text: 'esignSigned' }
    : c.kind === 'expired'
      ? { title: 'timeLimitExceeded', text: 'esignTimeRanOut' }
      : notSigned(c);
