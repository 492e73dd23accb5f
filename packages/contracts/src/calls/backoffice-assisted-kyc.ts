import { z } from 'zod';
import { assistedKycCallSchema } from './assisted-kyc.ts';
import { replySchema } from '../envelope.ts';

/** GET assisted-kyc: the calls booked. */
export const assistedKycCallsDataSchema = z.array(assistedKycCallSchema);
export const assistedKycCallsReplySchema = replySchema(assistedKycCallsDataSchema);
/** POST assisted-kyc/{id}/done. */
export const assistedKycDoneDataSchema = z.object({ applicant_id: z.string() });
export const assistedKycDoneReplySchema = replySchema(assistedKycDoneDataSchema);
