import { z } from 'zod';
import { STAFF_ROLES } from './backoffice-login.ts';
import { replySchema } from '../envelope.ts';

export const auditEntrySchema = z.object({
  id: z.number(),
  at: z.string(),
  actor_kind: z.enum(['staff', 'applicant', 'system']),
  actor: z.string().nullable(),
  /** The staff member's name and role, to read the entry as a sentence. */
  actor_name: z.string().nullable().optional(),
  actor_role: z.enum(STAFF_ROLES).nullable().optional(),
  action: z.string(),
  stage: z.number().nullable(),
  before: z.unknown(),
  after: z.unknown(),
  hash: z.string(),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;

/** The chain check: every row's hash recomputed and linked to the previous one. */
export const chainCheckSchema = z.object({
  valid: z.boolean(),
  checked: z.number(),
  broken_at: z.number().nullable(),
});

/** GET /api/v1/backoffice/applications/:id/audit: the application's trail, oldest first. */
export const auditDataSchema = z.object({
  entries: z.array(auditEntrySchema),
  chain: chainCheckSchema,
  /** Names of the staff an entry's change mentions (an assignment's target). */
  staff_names: z.record(z.string(), z.string()).optional(),
});
export type AuditData = z.infer<typeof auditDataSchema>;

export const auditReplySchema = replySchema(auditDataSchema);
