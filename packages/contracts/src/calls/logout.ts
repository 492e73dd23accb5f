import { z } from 'zod';
import { screenSchema } from '../screen.ts';
import { replySchema } from '../envelope.ts';

/** POST logout: the session ends; the applicant goes to the start. */
export const logoutDataSchema = z.object({ screen: screenSchema });
export const logoutReplySchema = replySchema(logoutDataSchema);
