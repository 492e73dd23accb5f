import { z } from 'zod';
import { replySchema } from '../envelope.ts';
import { queueQuerySchema } from './backoffice-queue.ts';

/** What a saved view keeps: the queue's filters, sort and search (never the page). */
export const savedViewQuerySchema = queueQuerySchema.omit({ page: true });

/** POST /api/v1/backoffice/views: save the queue as it is filtered now, under a name of one's own. */
export const saveViewBodySchema = z.object({
  name: z.string().trim().min(1, 'Enter a name for the view').max(60, 'At most 60 characters'),
  query: savedViewQuerySchema,
});
export type SaveViewRequest = z.input<typeof saveViewBodySchema>;

export const savedViewSchema = z.object({
  id: z.string(),
  name: z.string(),
  query: savedViewQuerySchema,
  created_at: z.string(),
});
export type SavedView = z.infer<typeof savedViewSchema>;

/** GET /api/v1/backoffice/views: the signed-in staff member's own views, by name. */
export const savedViewsReplySchema = replySchema(z.array(savedViewSchema));
export const savedViewReplySchema = replySchema(savedViewSchema);
