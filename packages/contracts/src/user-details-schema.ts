/**
 * The user details record's schema (spec section 3), apart from the record's helpers so that a page
 * that only needs the helpers (the sign-up page's layout) does not carry it: the web loads it with
 * the first read of the record.
 */
import * as z from 'zod/mini';
import { ADMIN_ACTIVITIES } from './basic-enums.ts';

export const kycEntrySchema = z.object({
  stage: z.number(),
  admin_activity: z.nullable(z.enum(ADMIN_ACTIVITIES)),
  reason: z.optional(z.nullable(z.string())),
  updated_at: z.optional(z.string()),
});
const section = z.looseObject({ is_object: z.boolean() });

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
