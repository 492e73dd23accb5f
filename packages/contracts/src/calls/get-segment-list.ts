import { z } from 'zod';
import { replySchema } from '../envelope.ts';

/** A segment list item (section 3): code, name, description, sub_description, auto_select, required_doc. */
export const segmentItemSchema = z.object({
  code: z.string(),
  name: z.string(),
  description: z.string(),
  sub_description: z.string(),
  /** Preselected and locked on (section 4). */
  auto_select: z.boolean(),
  /** Trading it needs a financial proof (derivatives). */
  required_doc: z.boolean(),
  exchanges: z.array(z.string()),
});
export type SegmentItem = z.infer<typeof segmentItemSchema>;

/** GET get-segment-list: the segments the applicant may choose, in display order. */
export const getSegmentListDataSchema = z.array(segmentItemSchema);

export const getSegmentListReplySchema = replySchema(getSegmentListDataSchema);
