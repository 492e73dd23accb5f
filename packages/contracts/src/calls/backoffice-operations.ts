import { z } from 'zod';
import { replySchema } from '../envelope.ts';

/** A reviewer's hold on an application. */
export const claimSchema = z.object({
  staff_id: z.string(),
  name: z.string(),
  mine: z.boolean(),
  since: z.string(),
  expires_at: z.string(),
});
export type Claim = z.infer<typeof claimSchema>;

/** POST /api/v1/backoffice/applications/:id/assign (admin): give the application to a staff member. */
export const assignBodySchema = z.object({ staff_id: z.uuid() });

/** GET /api/v1/backoffice/applications/next?after=<id>: the oldest-waiting application nobody else holds. */
export const nextQuerySchema = z.object({ after: z.string().max(64).optional() });
export const nextDataSchema = z.object({ id: z.string().nullable() });

/** POST /api/v1/backoffice/applications/bulk-accept: accept every pending stage of clean applications. */
export const bulkAcceptBodySchema = z.object({ ids: z.array(z.uuid()).min(1).max(100) });
export const bulkAcceptDataSchema = z.object({
  results: z.array(
    z.object({ id: z.string(), outcome: z.enum(['accepted', 'skipped']), reason: z.string().nullable() }),
  ),
});

/** GET /api/v1/backoffice/team?days=14: the team's figures. */
export const teamQuerySchema = z.object({ days: z.coerce.number().int().min(1).max(90).default(14) });
export const teamDataSchema = z.object({
  days: z.number(),
  decisions: z.array(
    z.object({
      day: z.string(),
      staff_id: z.string(),
      name: z.string(),
      decisions: z.number(),
      median_seconds: z.number().nullable(),
    }),
  ),
  queue_ages: z.array(z.object({ bucket: z.string(), count: z.number() })),
});

/**
 * The evidence that must agree, side by side (part of GET …/applications/:id): each name against
 * the PAN name with the words that agree and differ, the score (0 to 100) and the verdict; the
 * dates of birth of each source; the face match with its value, threshold and verdict.
 */
export const evidenceSchema = z.object({
  names: z.array(
    z.object({
      source: z.enum(['pan', 'kra', 'aadhaar', 'bank', 'signature_proof']),
      name: z.string().nullable(),
      agree: z.array(z.string()),
      differ: z.array(z.string()),
      score: z.number().nullable(),
      result: z.enum(['exact', 'close', 'mismatch', 'reference', 'not_recorded']),
    }),
  ),
  name_threshold: z.number(),
  dobs: z.array(
    z.object({
      source: z.enum(['pan', 'kra', 'aadhaar', 'digilocker_pan']),
      value: z.string().nullable(),
      agrees: z.boolean().nullable(),
    }),
  ),
  face: z.object({
    value: z.number().nullable(),
    threshold: z.number().nullable(),
    verdict: z.enum(['pass', 'fail', 'not_run']),
  }),
});
export type Evidence = z.infer<typeof evidenceSchema>;

export const nextReplySchema = replySchema(nextDataSchema);
export const bulkAcceptReplySchema = replySchema(bulkAcceptDataSchema);
export const teamReplySchema = replySchema(teamDataSchema);

/** POST …/claim, …/release, …/assign: who holds the application now. */
export const claimDataSchema = z.object({ claim: claimSchema.nullable() });
export const claimReplySchema = replySchema(claimDataSchema);
