/**
 * Re-KYC in the client area: when the KRA's status of the client's KYC asks for it (on hold,
 * rejected, deactivated, an existing KYC's modification on hold or rejected), the client fetches
 * fresh details from DigiLocker, signs the request with Aadhaar eSign, and after four eyes the KRA
 * is sent a modification record (docs/servicing.md "Re-KYC").
 */
import { z } from 'zod';
import { replySchema } from '../envelope.ts';
import { serviceRequestViewSchema } from './client-area.ts';

/**
 * The KRA statuses (CVL KYC Status API, three digits) that need the client to do their KYC again,
 * and what each asks of them.
 */
export const KRA_REKYC_STATUSES: Record<string, 'rekyc' | 'contact_support'> = {
  '003': 'rekyc',
  '004': 'rekyc',
  '006': 'rekyc',
  '013': 'rekyc',
  '014': 'rekyc',
};

/**
 * GET client/kyc: the KRA's status of the client's KYC as the KRA answers today, and what to do.
 * `action`: none; rekyc (start a re-KYC request); in_progress (a re-KYC request is under way);
 * submitted (the KRA was sent the modification: its status changes once the KRA processes it);
 * unknown (the KRA could not be reached).
 */
export const clientKycDataSchema = z.object({
  kra_status_code: z.string().nullable(),
  kra_status: z.string().nullable(),
  agency: z.string().nullable(),
  action: z.enum(['none', 'rekyc', 'in_progress', 'submitted', 'unknown']),
  request: serviceRequestViewSchema.nullable(),
});
export type ClientKycData = z.infer<typeof clientKycDataSchema>;
export const clientKycReplySchema = replySchema(clientKycDataSchema);

/** POST client/requests/rekyc: opens a draft and answers DigiLocker's consent page. */
export const rekycStartDataSchema = z.union([
  z.object({ request: serviceRequestViewSchema, url: z.string() }),
  z.object({ reason: z.enum(['not_needed']) }),
]);
export const rekycStartReplySchema = replySchema(rekycStartDataSchema);

/** POST client/requests/{id}/digilocker: DigiLocker's return (code and state, or an error). */
export const rekycDigilockerRequestSchema = z
  .object({
    code: z.string().max(512).optional(),
    state: z.string().max(512),
    error: z.string().max(200).optional(),
  })
  .meta({ examples: [{ code: 'a1b2c3', state: 'Zr3...' }] });
export const rekycDigilockerReplySchema = replySchema(
  z.union([
    z.object({ request: serviceRequestViewSchema }),
    z.object({ reason: z.enum(['digilocker_failed', 'name_mismatch']) }),
  ]),
);
