/**
 * esign-initate: renders the account-opening form from everything collected, prepares its
 * signature placeholder and answers the epro_id with a short-lived link for preview and download.
 */
import type { EsignInitateData } from '@ekyc/contracts/calls/esign-initate';
import type { EsignDeps } from './deps.ts';
import { pinnedRuleSetIn } from '../../records/rule-set.ts';
import { randomId } from '../../lib/crypto.ts';
import { ok, type Outcome } from '../../lib/outcome.ts';
import { factsNow, unsignedChanges } from '../../records/signed-form.ts';
import { brokerDocumentVersions } from '../../documents/broker-documents.ts';
import { ESIGN_PRIVATE, type EsignSection, type EsignState, esignStateIn } from './esign-state.ts';

type Deps = Pick<EsignDeps, 'config' | 'records' | 'esign' | 'documents'>;

/** A prepared form is reused for this long (a reload does not render it again). */
const REUSE_MS = 30 * 60 * 1000;

export async function initiateEsign(
  deps: Deps,
  applicantId: string,
  sessionId: string,
): Promise<Outcome<EsignInitateData>> {
  // the stage, the applicant and every section as of one moment, in one statement
  const { applicant, sections } = await deps.records.snapshot(applicantId, 'esign-initate');
  const existing = esignStateIn(sections);
  // a form signed before, whose printed data changed since: the applicant is told what to sign again
  const changed = unsignedChanges(applicant, sections, false);
  const signAgain = changed ? { sign_again: changed.fields.map((f) => f.label) } : {};
  // the broker's documents to acknowledge; the form prints the MITC version in force
  const documents = await brokerDocumentVersions(deps.config.welcomeKitDir);
  const mitc = documents.find((d) => d.key === 'mitc')!;
  if (
    existing &&
    existing.mitc_version === mitc.version &&
    deps.esign.now() - Date.parse(existing.generated_at) < REUSE_MS
  )
    return ok('accountOpeningForm', {
      epro_id: existing.epro_id,
      pdf_link: deps.records.fileUrl(existing.generated_doc, sessionId),
      esign_window_seconds: deps.config.esignWindowSeconds,
      ...signAgain,
      documents,
      registrations: deps.config.broker,
    });

  const eproId = `EP${randomId(8).toUpperCase()}`;
  const pan = sections.pan_obj;
  // the two pictures' rows read in one statement
  const pictures = [sections.livness_obj?.image, sections.signature_obj?.document];
  const read = await deps.records.readFiles(pictures.flatMap((ref) => (ref ? [ref.$file] : [])));
  const [selfie, signature] = pictures.map((ref) => (ref ? (read.shift() ?? null) : null));
  const { pdf: prepared, inputHash } = await deps.documents.prepareForm({
    form: {
      applicationId: eproId,
      generatedAt: new Date(deps.esign.now()),
      mobile: applicant.mobile,
      email: applicant.email,
      clientCode: applicant.clientCode,
      sections,
      images: { selfie, signature },
      verificationDays: deps.config.verificationDays === '1-2' ? '1 to 2 working days' : '7 to 10 business days',
      ruleSet: pinnedRuleSetIn(sections, applicant.createdAt).id,
      broker: { registrations: deps.config.broker, mitc: { version: mitc.version, sample: mitc.sample } },
    },
    signer: {
      name: pan?.full_name ?? pan?.name_on_card ?? 'Applicant',
      reason: 'Account opening form signed with Aadhaar eSign',
      location: 'India',
    },
  });
  // its row added with the sections below
  const [stored] = await deps.records.storeFiles([
    { kind: 'account-opening-form', contentType: 'application/pdf', bytes: prepared },
  ]);
  const doc = stored!.ref;
  const state: EsignState = {
    epro_id: eproId,
    generated_doc: doc,
    input_hash: inputHash.toString('hex'),
    generated_at: new Date(deps.esign.now()).toISOString(),
    facts: factsNow(applicant, sections),
    mitc_version: mitc.version,
  };
  // A form signed before a reviewer sent the e-sign back stays the signed form of record (the
  // application is still signed, records/signed.ts) until this one is signed in its place.
  const earlier = sections.esign_obj;
  const section: EsignSection = {
    epro_id: eproId,
    generated_doc: doc,
    ...(earlier?.signed_document && { signed_document: earlier.signed_document, signed_at: earlier.signed_at }),
  };
  await deps.records.save(
    applicantId,
    { [ESIGN_PRIVATE]: state, esign_obj: section },
    { action: 'esign-initate', files: [stored!] },
  );
  return ok('accountOpeningForm', {
    epro_id: eproId,
    pdf_link: deps.records.fileUrl(doc, sessionId),
    esign_window_seconds: deps.config.esignWindowSeconds,
    ...signAgain,
    documents,
    registrations: deps.config.broker,
  });
}
