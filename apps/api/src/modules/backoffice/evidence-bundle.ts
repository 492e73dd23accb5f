/**
 * One application's evidence in a single download, for an inspection: the whole record with every
 * consent and acknowledgement, each check's source, value, threshold and verdict, the rule set it
 * followed, the screening hits and the risk category, the audit chain (re-checked), the
 * registrations with every request and answer, the client's requests after the account is open
 * (service-requests.json and their forms), the documents asked of the applicant during the review
 * (document-requests.json and each answered file), the signed form, every stored file, each provider
 * call's raw request and answer (secrets redacted), and each message sent (messages.json: channel,
 * template, the gateway that took it, the outcome, never its text or OTP). A ZIP whose manifest lists each file's SHA-256,
 * signed by the bundle's own key and stamped by an RFC 3161 time-stamping authority
 * (evidence-seal.ts says how to verify both).
 * Whether the application is signed is asked of records/signed.ts (the manifest says it); the signed
 * form is the one its record names, kept there through a reviewer's send-back. The bundle is
 * unmasked: only compliance and administrators download it (the route's guard), each download
 * enters the audit trail, and one staff member takes at most EVIDENCE_BUNDLES_PER_HOUR an hour
 * (counted from those audit entries, so every process shares the count).
 */
import { isFileRef } from '@ekyc/contracts/sections';
import { createHash } from 'node:crypto';
import { strToU8, zipSync } from 'fflate';
import type { BackofficeDeps } from './deps.ts';
import { AppError } from '../../lib/errors.ts';
import { isSigned } from '../../records/signed.ts';
import { getApplicationRuleSet } from './application-rule-set.ts';
import { auditRepository as auditRepo } from './audit.repository.ts';
import type { StaffRow } from './staff.repository.ts';
import { standingRepository as standingRepo } from './standing.repository.ts';
import { evidenceOf } from './evidence.ts';
import { sealDescription, sealManifest } from './evidence-seal.ts';
import { exchangeFiles } from './evidence-exchanges.ts';
import { documentRequestFiles } from './document-requests/evidence.ts';
import { getAuditTrail } from './get-audit-trail.ts';
import { reviewChecks } from './review-checks.ts';
import { serviceRequestFiles } from './service-requests-evidence.ts';
import { isUuid } from '../../lib/uuid.ts';
import { getScreening } from './screening/screening-review.ts';
import { ddpiOf } from '../../records/ddpi.ts';
import { messageRecordsRepository } from '../../providers/messaging/message-records.repository.ts';

type Deps = Pick<
  BackofficeDeps,
  'database' | 'records' | 'consents' | 'cipher' | 'exchanges' | 'timestamps' | 'now' | 'config'
>;

const EXPORTED = 'application.evidence_exported';

/** The sections that hold a consent, a declaration or an acknowledgement, as their steps stored them. */
const CONSENT_SECTIONS = [
  'digilocker_obj',
  'personal_obj',
  'nominee_obj',
  'segment_obj',
  '_risk_disclosure',
  '_demat_choice',
  '_kyc_capture',
  'esign_obj',
] as const;

const EXTENSIONS: Record<string, string> = {
  'application/pdf': 'pdf',
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'application/xml': 'xml',
  'text/xml': 'xml',
};

const json = (v: unknown) => strToU8(`${JSON.stringify(v, null, 2)}\n`);
const sha256 = (b: Uint8Array) => createHash('sha256').update(b).digest('hex');

/** Every file a stored section points to ({ $file: id }), wherever it is. */
function fileRefs(v: unknown, out = new Set<string>()): Set<string> {
  if (Array.isArray(v)) v.forEach((x) => fileRefs(x, out));
  else if (v && typeof v === 'object') {
    if (isFileRef(v)) out.add(v.$file);
    else Object.values(v).forEach((x) => fileRefs(x, out));
  }
  return out;
}

export async function evidenceBundle(
  deps: Deps,
  staff: Pick<StaffRow, 'id' | 'email'>,
  applicantId: string,
): Promise<{ filename: string; bytes: Buffer }> {
  const db = deps.database.db;
  const standing = isUuid(applicantId) ? await standingRepo.standingOf(db, applicantId) : undefined;
  if (!standing) throw new AppError('NOT_FOUND', 'Application not found');
  const hourAgo = new Date(deps.now() - 3600_000);
  if (
    (await auditRepo.countStaffActions(db, staff.id, EXPORTED, hourAgo)) >=
    deps.config.backoffice.evidenceBundlesPerHour
  )
    throw new AppError('RATE_LIMITED', 'Too many evidence bundles downloaded in the last hour. Try again later.', {
      retry_after: 3600,
    });
  const [
    applicant,
    stages,
    sections,
    ruleSet,
    audit,
    registrations,
    dpdp,
    erasure,
    signed,
    requests,
    screening,
    exchanges,
    asked,
    messages,
  ] = await Promise.all([
    deps.records.get(applicantId),
    deps.records.kycList(applicantId),
    deps.records.allSections(applicantId),
    getApplicationRuleSet(deps, applicantId),
    getAuditTrail(deps, applicantId),
    standingRepo.registrationRecords(db, applicantId),
    deps.consents.history(applicantId),
    deps.consents.erasure(applicantId),
    isSigned(deps, applicantId),
    // the client's requests after the account is open: what each asked, its signature, decisions and registry answers
    serviceRequestFiles(deps, applicantId),
    getScreening(deps, applicantId),
    deps.exchanges.list(applicantId),
    // the documents asked of the applicant during the review, with each answered file
    documentRequestFiles(deps, applicantId),
    messageRecordsRepository.list(db, applicantId),
  ]);
  const generatedAt = new Date(deps.now()).toISOString();

  const files: Record<string, Uint8Array> = {
    'record.json': json({
      application_id: applicantId,
      status: standing.status,
      signed,
      applicant: {
        mobile: applicant.mobile,
        email: applicant.email,
        client_code: applicant.clientCode,
        whatsapp_opt: applicant.whatsappOpt,
      },
      stages,
      sections,
    }),
    'consents.json': json({
      ...Object.fromEntries(CONSENT_SECTIONS.flatMap((n) => (sections[n] ? [[n, sections[n]]] : []))),
      // DPDP: each purpose's consent given or withdrawn, with its notice version and language
      personal_data: dpdp.map((c) => ({
        purpose: c.purpose,
        granted: c.granted,
        notice_version: c.noticeVersion,
        language: c.language,
        source: c.source,
        at: c.recordedAt.toISOString(),
      })),
      erasure_request: erasure
        ? {
            requested_at: erasure.requestedAt.toISOString(),
            hold_until: erasure.holdUntil?.toISOString() ?? null,
            hold_reason: erasure.holdReason,
          }
        : null,
    }),
    'checks.json': json({ checks: reviewChecks(sections), side_by_side: evidenceOf(sections) }),
    'rule-set.json': json(ruleSet),
    // the risk category with its factors and rule set, each screening hit with the matched entry and its resolution
    'screening.json': json(screening),
    'audit.json': json(audit),
    'registrations.json': json({
      registrations: registrations.registrations,
      evidence: registrations.evidence.map((e) => ({
        kind: e.kind,
        request_id: e.request_id,
        direction: e.direction,
        at: e.at,
        body: deps.cipher.decrypt(e.body_enc),
      })),
    }),
    // which gateway carried each SMS, WhatsApp message and email (SMS_VENDORS fails over between them)
    'messages.json': json({
      messages: messages.map((m) => ({
        channel: m.channel,
        template: m.template,
        gateway: m.gateway,
        outcome: m.outcome,
        at: m.at.toISOString(),
      })),
    }),
    ...requests,
    ...exchangeFiles(exchanges),
    ...asked,
  };
  const esign = sections.esign_obj;
  const signedForm = signed ? esign?.signed_document?.$file : undefined;
  // the DDPI signed on its own: a document apart from the form, with its own record
  const ddpi = ddpiOf(sections);
  if (ddpi) files['ddpi.json'] = json(ddpi);
  const named = new Map<string | undefined, string>([
    [signedForm, 'signed-account-opening-form.pdf'],
    [ddpi?.signed_document.$file, 'signed-ddpi.pdf'],
  ]);
  for (const id of fileRefs(sections)) {
    const file = await deps.records.readFile(id);
    if (!file) continue;
    const name = named.get(id) ?? `files/${id}.${EXTENSIONS[file.contentType] ?? 'bin'}`;
    files[name] = file.bytes;
  }

  const manifest = json({
    application_id: applicantId,
    generated_at: generatedAt,
    generated_by: staff.email,
    rule_set: ruleSet.id,
    audit_chain_valid: audit.chain.valid,
    signed,
    signed_at: signed ? (esign?.signed_at ?? null) : null,
    files: Object.entries(files)
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([name, bytes]) => ({ name, size: bytes.length, sha256: sha256(bytes) })),
    seal: sealDescription(deps),
  });
  const seal = await sealManifest(deps, manifest);
  const bytes = Buffer.from(zipSync({ ...files, 'manifest.json': manifest, ...seal }, { level: 6 }));
  await auditRepo.appendAudit(db, {
    chain: applicantId,
    applicantId,
    actorKind: 'staff',
    actorId: staff.id,
    action: EXPORTED,
    after: { files: Object.keys(files).length, sha256: sha256(bytes) },
  });
  return { filename: `evidence-${applicantId}.zip`, bytes };
}
