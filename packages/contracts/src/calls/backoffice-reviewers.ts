import { z } from 'zod';
import { STAFF_ROLES } from './backoffice-login.ts';
import { replySchema } from '../envelope.ts';

/** GET reviewers: active staff, for the queue's "held by" filter and the admin's assignment. */
export const reviewersDataSchema = z.object({
  reviewers: z.array(z.object({ id: z.string(), name: z.string(), role: z.enum(STAFF_ROLES) })),
});
export const reviewersReplySchema = replySchema(reviewersDataSchema);
