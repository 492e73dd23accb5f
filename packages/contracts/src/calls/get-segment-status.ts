import { z } from 'zod';
import { screenSchema } from '../screen.ts';
import { refusalDataSchema, stageReplySchema } from '../envelope.ts';

/**
 * POST get-segment-status (section 7): the message data the account aggregator's window sent back
 * (status S or F and its encrypted response) plus the clienttrnxid kept in the session state.
 */
export const getSegmentStatusRequestSchema = z.object({
  clienttrnxid: z.string().min(1).max(64),
  status: z.enum(['S', 'F']).optional(),
  fi: z.string().max(512).optional(),
  resdate: z.string().max(32).optional(),
  ecres: z.string().max(8192).optional(),
  errorcode: z.string().max(8).optional(),
});
export type GetSegmentStatusRequest = z.input<typeof getSegmentStatusRequestSchema>;

/** data.status, data.message, data.data.screen */
export const getSegmentStatusDataSchema = z.object({
  status: z.enum(['S', 'F']),
  message: z.string(),
  data: z.object({ screen: screenSchema }),
});
export type GetSegmentStatusData = z.infer<typeof getSegmentStatusDataSchema>;

/** A refusal is the same message data with status F (section 7). */
export const getSegmentStatusReplySchema = stageReplySchema(
  getSegmentStatusDataSchema,
  refusalDataSchema(getSegmentStatusDataSchema.shape),
);
