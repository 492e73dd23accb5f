import { z } from 'zod';
import { LANGUAGES, type Language } from '../constants.ts';
import { replySchema } from '../envelope.ts';

/**
 * The coded reasons as data: an admin edits them, each edit a new version; an
 * application keeps the version it was sent (`[CODE@version] note`, review-reasons.ts).
 */
export const REASON_PURPOSES = ['send_back', 'close'] as const;
export type ReasonPurpose = (typeof REASON_PURPOSES)[number];

const reasonText = z.string().trim().min(3, 'Write at least 3 characters').max(200, 'Use at most 200 characters');
export const reasonTextsSchema = z.object(
  Object.fromEntries(LANGUAGES.map((l) => [l, reasonText])) as Record<Language, typeof reasonText>,
);

export const reasonSchema = z.object({
  code: z.string(),
  version: z.number(),
  purpose: z.enum(REASON_PURPOSES),
  /** The stage a send-back reason sends the applicant back to (null for a closing reason). */
  stage: z.number().nullable(),
  kind: z.enum(['reject', 'info']),
  texts: reasonTextsSchema,
  active: z.boolean(),
  changed_at: z.string(),
});
export type Reason = z.infer<typeof reasonSchema>;

/** GET /api/v1/backoffice/reasons: the current version of each reason. */
export const reasonsDataSchema = z.object({ reasons: z.array(reasonSchema) });
export const reasonsReplySchema = replySchema(reasonsDataSchema);

/** PUT /api/v1/backoffice/reasons/:code (admin): a new version of the reason (or the first). */
export const reasonCodeSchema = z
  .string()
  .regex(/^[A-Z][A-Z0-9_]{2,39}$/, 'Use 3 to 40 capital letters, digits or underscores');
export const putReasonBodySchema = z
  .object({
    purpose: z.enum(REASON_PURPOSES),
    stage: z.number().int().min(110).max(210).nullable(),
    kind: z.enum(['reject', 'info']),
    texts: reasonTextsSchema,
    active: z.boolean().default(true),
  })
  .refine((r) => (r.purpose === 'send_back') === (r.stage !== null), {
    message: 'A send-back reason names its stage; a closing reason names none',
    path: ['stage'],
  });
export type PutReasonBody = z.input<typeof putReasonBodySchema>;
export const reasonReplySchema = replySchema(z.object({ reason: reasonSchema }));
