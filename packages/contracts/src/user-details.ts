/**
 * The user details record of spec section 3: an array whose first element holds the sub-objects
 * (each with is_object) and whose second element carries the bank verification callback.
 */
import type * as z from 'zod/mini';
import type { kycEntrySchema, userDetailsRecordSchema } from './user-details-schema.ts';

export type KycEntry = z.infer<typeof kycEntrySchema>;

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

export type UserDetailsRecord = z.infer<typeof userDetailsRecordSchema>;

/** The current stage is the last kyc_list item's stage (section 3). */
export function currentStage(record: UserDetailsRecord | undefined): number | undefined {
  const list = record?.[0].kyc_status_obj[0]?.kyc_list ?? [];
  return list.length ? list[list.length - 1]!.stage : undefined;
}

export function kycList(record: UserDetailsRecord | undefined): KycEntry[] {
  return record?.[0].kyc_status_obj[0]?.kyc_list ?? [];
}
