/**
 * The back office's privacy calls (admin only): an account's closure, which starts the retention
 * holds (retention.ts), and personal-data breaches with the applicants they touch (DPDP Rules 2025
 * r.7: the Board and each person affected are told, the Board's detailed report within 72 hours).
 */
import { z } from 'zod';
import { replySchema } from '../envelope.ts';
import { retentionItemSchema } from '../retention.ts';

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** POST …/applications/{id}/close-account */
export const closeAccountBodySchema = z
  .object({
    closed_on: z.string().regex(DAY, 'Enter the closure date as YYYY-MM-DD.'),
    reason: z
      .string()
      .trim()
      .min(3, 'Give the reason for the closure.')
      .max(500, 'Keep the reason under 500 characters.'),
  })
  .strict();
export type CloseAccountRequest = z.input<typeof closeAccountBodySchema>;

export const accountClosureSchema = z.object({
  applicant_id: z.string(),
  closed_at: z.string(),
  reason: z.string(),
  closed_by: z.string(),
  /** The day the longest hold ends and the record is erased. */
  erase_on: z.string(),
  kept: z.array(retentionItemSchema),
});
export type AccountClosure = z.infer<typeof accountClosureSchema>;
export const accountClosureReplySchema = replySchema(accountClosureSchema);

/** What personal data a breach touched. */
export const BREACH_DATA_CLASSES = [
  'contact',
  'identity',
  'address',
  'bank',
  'documents',
  'photo_and_signature',
  'location',
  'other',
] as const;
export type BreachDataClass = (typeof BREACH_DATA_CLASSES)[number];

/** The Board's detailed report is due this many hours after the breach became known. */
export const BREACH_REPORT_HOURS = 72;

const moment = (field: string) => z.iso.datetime({ offset: true, error: `Enter ${field} as a date and time.` });

export const breachSelectionSchema = z.discriminatedUnion('kind', [
  /** Everyone whose record existed during the window. */
  z.object({ kind: z.literal('window') }),
  z.object({
    kind: z.literal('applicants'),
    applicant_ids: z
      .array(z.uuid('Each applicant id must be a UUID.'))
      .min(1, 'Choose at least one applicant.')
      .max(100_000),
  }),
]);

/** POST …/privacy/breaches */
export const recordBreachBodySchema = z
  .object({
    occurred_from: moment('when the breach began'),
    occurred_to: moment('when the breach ended'),
    detected_at: moment('when the breach became known'),
    description: z
      .string()
      .trim()
      .min(10, 'Describe what happened in at least 10 characters.')
      .max(4000, 'Keep the description under 4000 characters.'),
    data_classes: z.array(z.enum(BREACH_DATA_CLASSES)).min(1, 'Choose the data the breach touched.'),
    selection: breachSelectionSchema,
  })
  .strict()
  .refine((b) => Date.parse(b.occurred_from) <= Date.parse(b.occurred_to), {
    path: ['occurred_to'],
    message: 'The end of the breach cannot be before its beginning.',
  });
export type RecordBreachRequest = z.input<typeof recordBreachBodySchema>;

export const breachSchema = z.object({
  id: z.string(),
  occurred_from: z.string(),
  occurred_to: z.string(),
  detected_at: z.string(),
  /** detected_at + 72 hours: when the detailed report to the Data Protection Board is due. */
  board_report_due: z.string(),
  board_notified_at: z.string().nullable(),
  description: z.string(),
  data_classes: z.array(z.enum(BREACH_DATA_CLASSES)),
  selection: breachSelectionSchema,
  recorded_by: z.string(),
  recorded_at: z.string(),
});
export type Breach = z.infer<typeof breachSchema>;
export const breachReplySchema = replySchema(breachSchema);
export const breachesReplySchema = replySchema(z.object({ breaches: z.array(breachSchema) }));

/** GET …/privacy/breaches/{id}/affected: whom to tell, with their contacts (decrypted; the read is audited). */
export const breachAffectedSchema = z.object({
  breach_id: z.string(),
  count: z.number().int(),
  applicants: z.array(
    z.object({
      applicant_id: z.string(),
      mobile: z.string(),
      email: z.string().nullable(),
      language: z.string(),
      created_at: z.string(),
    }),
  ),
});
export type BreachAffected = z.infer<typeof breachAffectedSchema>;
export const breachAffectedReplySchema = replySchema(breachAffectedSchema);
