import { z } from 'zod';
import { screenSchema } from '../screen.ts';
import { stageReplySchema } from '../envelope.ts';

/**
 * GET initilize-digilocker and GET initilize-digi (section 7): a fresh OAuth 2 authorization
 * request (PKCE S256 and state). The browser posts a hidden form to data.data.url.
 */
export const digilockerInitializeDataSchema = z.object({
  data: z.object({ url: z.string() }),
  screen: z.optional(screenSchema),
});
export type DigilockerInitializeData = z.infer<typeof digilockerInitializeDataSchema>;

export const digilockerInitializeReplySchema = stageReplySchema(digilockerInitializeDataSchema);
