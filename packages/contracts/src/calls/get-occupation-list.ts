import { z } from 'zod';
import { replySchema } from '../envelope.ts';

/**
 * One option of a profiling list (section 7: get-occupation-list, get-experience-list,
 * get-income-list, get-education-list). `code` is stable and sent back in personal-details-update;
 * `name` is the English label stored in personal_obj; `labels` carry the five languages of section 1.
 */
export const profilingOptionSchema = z.object({
  code: z.string(),
  name: z.string(),
  labels: z.object({ en: z.string(), hi: z.string(), be: z.string(), gu: z.string(), mar: z.string() }),
});
export type ProfilingOption = z.infer<typeof profilingOptionSchema>;

/** The four lists share one reply shape: the options in display order. */
export const profilingListDataSchema = z.array(profilingOptionSchema);

export const PROFILING_LISTS = ['occupation', 'experience', 'income', 'education'] as const;
export type ProfilingList = (typeof PROFILING_LISTS)[number];

/** The reply of each of the four profiling lists. */
export const profilingListReplySchema = replySchema(profilingListDataSchema);
