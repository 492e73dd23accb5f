/**
 * The user details record of spec section 3: an array whose first element holds the sub-objects
 * (each with is_object) and whose second element carries the bank verification callback.
 */
import * as z from 'zod/mini';
import { ADMIN_ACTIVITIES } from './basic-enums.ts';

export const kycEntrySchema = z.object({
  stage: z.number(),
  admin_activity: z.nullable(z.enum(ADMIN_ACTIVITIES)),
  reason: z.optional(z.nullable(z.string())),
  updated_at: z.optional(z.string()),
});
export type KycEntry = z.infer<typeof kycEntrySchema>;

const section = z.looseObject({ is_object: z.boolean() });

/** Names of the sub-objects a feature may store; each appears with is_object false until stored. */
export const SECTION_NAMES = [
  'pan_obj',
  'kra_data_obj',
  'digilocker_obj',
  'personal_obj',
  'bank_obj',
  'signature_obj',
  'nominee_obj',
  'segment_obj',
  'livness_obj',
  'esign_obj',
  'review_obj',
  'ekyc_obj',
] as const;
export type SectionName = (typeof SECTION_NAMES)[number];

export const userDetailsFirstSchema = z.looseObject({
  kyc_status_obj: z.array(z.object({ kyc_list: z.array(kycEntrySchema) })),
  mobile_obj: z.looseObject({
    is_object: z.boolean(),
    mobile: z.string(),
    email: z.nullable(z.string()),
    whatspp_opt: z.boolean(),
  }),
  client_code: z.nullable(z.string()),
  pan_obj: section,
  kra_data_obj: section,
  digilocker_obj: section,
  personal_obj: section,
  bank_obj: section,
  signature_obj: section,
  nominee_obj: section,
  segment_obj: section,
  livness_obj: section,
  esign_obj: section,
  review_obj: section,
  ekyc_obj: section,
});

export const userDetailsRecordSchema = z.tuple([userDetailsFirstSchema, z.looseObject({})]);
export type UserDetailsRecord = z.infer<typeof userDetailsRecordSchema>;

/** The current stage is the last kyc_list item's stage (section 3). */
export function currentStage(record: UserDetailsRecord | undefined): number | undefined {
  const list = record?.[0].kyc_status_obj[0]?.kyc_list ?? [];
  return list.length ? list[list.length - 1]!.stage : undefined;
}

export function kycList(record: UserDetailsRecord | undefined): KycEntry[] {
  return record?.[0].kyc_status_obj[0]?.kyc_list ?? [];
}
