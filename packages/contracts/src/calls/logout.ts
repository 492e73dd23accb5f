import { z } from 'zod';
import { replySchema } from '../envelope.ts';

/** POST logout: the session ends; the applicant goes to the start. */
export const logoutDataSchema = z.object({ screen: z.string() });
export const logoutReplySchema = replySchema(logoutDataSchema);
