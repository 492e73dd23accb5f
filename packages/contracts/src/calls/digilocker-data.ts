import { z } from 'zod';
import { screenSchema } from '../screen.ts';
import { refusalDataSchema, stageReplySchema } from '../envelope.ts';

/**
 * GET get-digi-data (section 7). With code and state (the return to /returnurl) the code is
 * exchanged and the issued documents are stored; without them, the stored documents are
 * confirmed and the stage moves on, or, when none are stored yet, data.data.url starts the flow.
 */
export const getDigiDataQuerySchema = z.object({
  code: z.string().max(512).optional(),
  state: z.string().max(256).optional(),
  error: z.string().max(128).optional(),
  error_description: z.string().max(512).optional(),
});
export type GetDigiDataQuery = z.input<typeof getDigiDataQuerySchema>;

export const getDigiDataDataSchema = z.object({
  screen: screenSchema,
  is_pan_missing: z.boolean().optional(),
  /** The failure offers 'Retry Using Digilocker' or a manual upload (section 4). */
  failed: z.boolean().optional(),
  data: z.object({ url: z.string() }).optional(),
});
export type GetDigiDataData = z.infer<typeof getDigiDataDataSchema>;

/** Fields of a document the applicant never sees (section 2: internal fields hidden). */
export const CDL_INTERNAL_FIELDS = ['document_type', 'document', 'back_document', 'is_object', 'source'] as const;

/** A refusal says DigiLocker failed (the page offers a retry or a manual upload). */
export const getDigiDataReplySchema = stageReplySchema(
  getDigiDataDataSchema,
  refusalDataSchema({ failed: getDigiDataDataSchema.shape.failed }),
);
