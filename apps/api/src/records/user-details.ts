/** Builds the user details record of spec section 3 for its owner. */
import { SECTION_NAMES, type UserDetailsRecord } from '@ekyc/contracts/user-details';
import { type FileRef, isFileRef } from '@ekyc/contracts/sections';
import type { ApplicantRecords } from './applicant-records.ts';

/** Replaces stored file references with signed URLs, recursively. */
/** A value with each file reference in it as the link the client reads it by. */
export type WithFileUrls<T> = T extends FileRef
  ? string
  : T extends readonly (infer U)[]
    ? WithFileUrls<U>[]
    : T extends object
      ? { [K in keyof T]: WithFileUrls<T[K]> }
      : T;

export function withFileUrls<T>(value: T, urlFor: (ref: FileRef) => string): WithFileUrls<T> {
  return linked(value, urlFor) as WithFileUrls<T>;
}

function linked(value: unknown, urlFor: (ref: FileRef) => string): unknown {
  if (isFileRef(value)) return urlFor(value);
  if (Array.isArray(value)) return value.map((v) => linked(v, urlFor));
  if (value && typeof value === 'object')
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, linked(v, urlFor)]));
  return value;
}

/** File links in the record are bound to the session that reads it. */
export async function buildUserDetails(
  records: ApplicantRecords,
  applicantId: string,
  sessionId: string,
): Promise<UserDetailsRecord> {
  const { applicant, stages, sections } = await records.snapshot(applicantId);
  const urlFor = (ref: FileRef) => records.fileUrl(ref, sessionId);
  const first: Record<string, unknown> = {
    kyc_status_obj: [
      {
        kyc_list: stages.map((s) => ({
          stage: s.stage,
          admin_activity: s.adminActivity,
          reason: s.reason,
          updated_at: s.updatedAt.toISOString(),
        })),
      },
    ],
    mobile_obj: {
      is_object: true,
      mobile: applicant.mobile,
      email: applicant.email,
      whatspp_opt: applicant.whatsappOpt,
    },
    client_code: applicant.clientCode,
  };
  for (const name of SECTION_NAMES) {
    const stored = sections[name];
    first[name] = stored ? { ...withFileUrls(stored, urlFor), is_object: true } : { is_object: false };
  }
  const second = withFileUrls(sections.bank_callback ?? {}, urlFor);
  return [first, second] as UserDetailsRecord;
}
