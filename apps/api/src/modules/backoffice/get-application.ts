/**
 * One application for review: every collected section side by side, documents as short-lived
 * links bound to the reviewer's session, Aadhaar numbers reduced to their last four digits. Each view is audited.
 */
import type { ApplicationData, ReviewField, SharedIdentifier } from '@ekyc/contracts/calls/backoffice-application';
import { SEGMENTS } from '@ekyc/contracts/enums';
import { isStageCode, STAGES } from '@ekyc/contracts/stages';
import type { BackofficeDeps } from './deps.ts';
import { AppError } from '../../lib/errors.ts';
import { type FileRef, isFileRef } from '@ekyc/contracts/sections';
import { approvalStep, makersOf, mayConfirm } from './approval.ts';
import { auditRepository as auditRepo } from './audit.repository.ts';
import { searchIndexRepository as searchIndexRepo } from './search-index.repository.ts';
import { staffRepository as staffRepo, type StaffRow } from './staff.repository.ts';
import { standingRepository as standingRepo } from './standing.repository.ts';
import { syncPanIndex } from './list-applications.ts';
import { maskAadhaar, maskMobile } from './mask.ts';
import { reviewChecks } from './review-checks.ts';
import { segmentHoldsRepository } from '../../records/segment-holds.repository.ts';
import { SIGNED_FORMS, type SignedChanges, signedChanges } from '../../records/signed-form.ts';
import { isUuid } from '../../lib/uuid.ts';

const SECRET_KEY = /token|secret|password|otp|signature_value|private_key/i;
const AADHAAR_KEY = /(^|_)(uid|aadhaar|aadhar)(_|$|number|no)/i;
const MAX_TEXT = 2000;

type Primitive = string | number | boolean | null;

/** Flattens a section into path/value pairs, collecting file references. */
function flatten(value: unknown, path: string, out: { path: string; value: Primitive; ref?: FileRef }[]) {
  const key =
    path
      .split(/[.[\]]/)
      .filter(Boolean)
      .at(-1) ?? '';
  if (SECRET_KEY.test(key)) return;
  if (isFileRef(value)) out.push({ path, value: null, ref: value });
  else if (Array.isArray(value)) value.forEach((v, i) => flatten(v, `${path}[${i}]`, out));
  else if (value && typeof value === 'object')
    for (const [k, v] of Object.entries(value)) flatten(v, path ? `${path}.${k}` : k, out);
  else if (typeof value === 'string') {
    if (AADHAAR_KEY.test(key) && /\d{4}/.test(value)) out.push({ path, value: maskAadhaar(value) });
    else
      out.push({
        path,
        value: value.length > MAX_TEXT && !value.startsWith('data:') ? `${value.slice(0, MAX_TEXT)}…` : value,
      });
  } else if (typeof value === 'number' || typeof value === 'boolean' || value === null) out.push({ path, value });
}

/** A picture's stored file reads as which picture it is, not its id. */
function shownChanges(changes: SignedChanges | null): SignedChanges | null {
  const picture = (value: string, which: string) => (value.startsWith('file:') ? which : value);
  return (
    changes && {
      ...changes,
      fields: changes.fields.map((f) => ({
        ...f,
        old: picture(f.old, 'Earlier picture'),
        new: picture(f.new, 'New picture'),
      })),
    }
  );
}

const MAX_SHARED = 20;

/** Other applications holding this application's PAN, mobile or email: a duplicate or a misuse to look into. */
async function sharedIdentifiers(
  deps: Pick<BackofficeDeps, 'database' | 'records' | 'hasher' | 'cipher'>,
  applicantId: string,
  identifiers: { pan?: string; mobile: string; email: string | null },
): Promise<SharedIdentifier[]> {
  const db = deps.database.db;
  if (identifiers.pan) await syncPanIndex(deps);
  const none = async (): Promise<string[]> => [];
  const { pan, email } = identifiers;
  const lookups: [SharedIdentifier['kind'], () => Promise<string[]>][] = [
    ['pan', pan ? () => searchIndexRepo.idsByPanHash(db, deps.hasher.hash('pan', pan.toUpperCase())) : none],
    ['mobile', () => searchIndexRepo.idsByMobileHash(db, deps.records.mobileHash(identifiers.mobile))],
    ['email', email ? () => searchIndexRepo.idsByEmailHash(db, deps.hasher.hash('email', email)) : none],
  ];
  const shared: SharedIdentifier[] = [];
  for (const [kind, lookup] of lookups) {
    const others = (await lookup()).filter((id) => id !== applicantId).slice(0, MAX_SHARED);
    if (!others.length) continue;
    const applications = await Promise.all(
      others.map(async (id) => {
        const [standing, panObj] = await Promise.all([
          standingRepo.standingOf(db, id),
          deps.records.getSection(id, 'pan_obj'),
        ]);
        return standing
          ? {
              id,
              mobile: maskMobile(deps.cipher.decrypt(standing.mobileEnc)),
              name: panObj?.full_name ?? null,
              status: standing.status,
              stage: standing.stage,
            }
          : null;
      }),
    );
    shared.push({ kind, applications: applications.filter((a) => a !== null) });
  }
  return shared;
}

export async function getApplication(
  deps: Pick<BackofficeDeps, 'database' | 'records' | 'hasher' | 'cipher' | 'config'>,
  reader: Pick<StaffRow, 'id' | 'role'>,
  applicantId: string,
  sessionId: string,
): Promise<ApplicationData> {
  const staffId = reader.id;
  const db = deps.database.db;
  const standing = isUuid(applicantId) ? await standingRepo.standingOf(db, applicantId) : undefined;
  if (!standing) throw new AppError('NOT_FOUND', 'Application not found');
  const [applicant, stages, stored] = await Promise.all([
    deps.records.get(applicantId),
    deps.records.kycList(applicantId),
    deps.records.allSections(applicantId),
  ]);

  const flat: Record<string, { path: string; value: Primitive; ref?: FileRef }[]> = {};
  for (const [name, payload] of Object.entries(stored).sort(([a], [b]) => a.localeCompare(b))) {
    // what a signature covers is shown as the changes to it (signed_changes), not as a section
    if (name === SIGNED_FORMS) continue;
    flat[name] = [];
    flatten(payload, '', flat[name]);
    flat[name] = flat[name].filter((f) => !f.path.startsWith('facts['));
  }
  const refs = Object.values(flat).flatMap((fields) => fields.flatMap((f) => (f.ref ? [f.ref.$file] : [])));
  const types = await standingRepo.fileTypes(db, refs);
  const sections: Record<string, ReviewField[]> = {};
  for (const [name, fields] of Object.entries(flat))
    sections[name] = fields.map(({ path, value, ref }) =>
      ref
        ? {
            path,
            value: null,
            file: {
              url: deps.records.fileUrl(ref, sessionId),
              content_type: types.get(ref.$file) ?? 'application/octet-stream',
            },
          }
        : { path, value },
    );

  await auditRepo.appendAudit(db, {
    chain: applicantId,
    applicantId,
    actorKind: 'staff',
    actorId: staffId,
    action: 'application.viewed',
  });

  const step = await approvalStep(deps, standing);
  const makers = step === 'decide' ? [] : await makersOf(db, applicantId);
  const makerEmails = await Promise.all(makers.map(async (id) => (await staffRepo.staffById(db, id))?.email ?? id));
  const review = stored.review_obj;
  return {
    id: applicantId,
    status: standing.status,
    stage: standing.stage,
    mobile: applicant.mobile,
    email: applicant.email,
    client_code: applicant.clientCode,
    created_at: applicant.createdAt.toISOString(),
    utm: applicant.utm,
    refcode: applicant.refcode,
    review: review?.status ? { status: review.status, text: review.text ?? '' } : null,
    stages: stages.map((s) => ({
      stage: s.stage,
      name: isStageCode(s.stage) ? STAGES[s.stage].name : String(s.stage),
      admin_activity: s.adminActivity,
      reason: s.reason,
      updated_at: s.updatedAt.toISOString(),
    })),
    sections,
    checks: reviewChecks(stored),
    signed_changes: shownChanges(signedChanges(applicant, stored)),
    shared: await sharedIdentifiers(deps, applicantId, {
      pan: stored.pan_obj?.pan_number,
      mobile: applicant.mobile,
      email: applicant.email,
    }),
    decidable: standing.status === 'Pending' || standing.status === 'Rejected',
    segment_holds: (await segmentHoldsRepository.list(db, applicantId)).map((h) => ({
      code: h.segment,
      name: SEGMENTS.find((x) => x.code === h.segment)?.name ?? h.segment,
      reason: h.reasonCode,
      held_by: h.heldByEmail,
      held_at: h.heldAt.toISOString(),
    })),
    approval: {
      step,
      four_eyes: deps.config.fourEyes,
      makers: makerEmails,
      can_act: step === 'confirm' && mayConfirm(deps.config.fourEyes, makers, reader),
    },
  };
}
