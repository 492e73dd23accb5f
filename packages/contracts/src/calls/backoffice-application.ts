import { z } from 'zod';
import { claimSchema, evidenceSchema } from './backoffice-operations.ts';
import { APPLICATION_STATUSES } from './backoffice-queue.ts';
import { replySchema } from '../envelope.ts';
import { SEGMENT_HOLD_REASONS } from '../segment-holds.ts';

/** One field of a collected section as the reviewer sees it (identity numbers already masked). */
export const reviewFieldSchema = z.object({
  path: z.string(),
  value: z.union([z.string(), z.number(), z.boolean(), z.null()]),
  /** A stored document: a short-lived link and its type. */
  file: z.object({ url: z.string(), content_type: z.string() }).optional(),
});
export type ReviewField = z.infer<typeof reviewFieldSchema>;

export const reviewStageSchema = z.object({
  stage: z.number(),
  name: z.string(),
  admin_activity: z.enum(['Accept', 'Pending', 'Reject']).nullable(),
  reason: z.string().nullable(),
  updated_at: z.string(),
});

/** A check's outcome: passed, failed, left to the reviewer, or not run (a reason says why). */
export const CHECK_VERDICTS = ['pass', 'fail', 'review', 'not_run'] as const;
export type CheckVerdict = (typeof CHECK_VERDICTS)[number];

/** Who produced a check's result. */
export const CHECK_SOURCES = [
  'liveness_module',
  'liveness_provider',
  'face_match_provider',
  'pan_provider',
  'penny_drop',
  'upi',
  'document',
  'cheque_ocr',
  'esign_certificate',
] as const;

/**
 * One automated check as it was recorded: its own source, value, threshold and verdict, never a
 * value borrowed from another check. `reason` is a code (face_mismatch, not_live, ...).
 */
export const reviewCheckSchema = z.object({
  key: z.enum([
    'face_match',
    'liveness',
    'liveness_module',
    'pan_name_dob',
    'bank_name_match',
    'cheque',
    'esign_signer_name',
  ]),
  source: z.enum(CHECK_SOURCES),
  value: z.union([z.string(), z.number(), z.boolean(), z.null()]),
  threshold: z.union([z.string(), z.number(), z.null()]),
  verdict: z.enum(CHECK_VERDICTS),
  reason: z.string().nullable(),
  /** What the value was compared with, shown beside it (the Aadhaar name beside the signer's). */
  against: z.string().nullable().optional(),
  /** The section that holds the evidence. */
  section: z.string(),
});
export type ReviewCheck = z.infer<typeof reviewCheckSchema>;

/** Another application holding the same PAN, mobile or email (masked as in the queue). */
export const sharedIdentifierSchema = z.object({
  kind: z.enum(['pan', 'mobile', 'email']),
  applications: z.array(
    z.object({
      id: z.string(),
      mobile: z.string(),
      name: z.string().nullable(),
      status: z.string(),
      stage: z.number(),
    }),
  ),
});
export type SharedIdentifier = z.infer<typeof sharedIdentifierSchema>;

/**
 * The data the signed form prints, changed after signing: `awaiting_signature` while the applicant
 * has to sign the new version, `signed_again` once they did (compared with the version before).
 * Each field names the stage that collected it; a picture reads 'Earlier picture' / 'New picture'.
 */
export const signedChangesSchema = z.object({
  state: z.enum(['awaiting_signature', 'signed_again']),
  /** When the version compared with was signed (empty for a form signed before versions were kept). */
  signed_at: z.string(),
  fields: z.array(z.object({ stage: z.number(), label: z.string(), old: z.string(), new: z.string() })),
});
export type SignedChangesData = z.infer<typeof signedChangesSchema>;

/** A segment held back pending its proof: who held it, when and why. */
export const segmentHoldSchema = z.object({
  code: z.string(),
  name: z.string(),
  reason: z.enum(SEGMENT_HOLD_REASONS),
  /** The maker's email. */
  held_by: z.string(),
  held_at: z.string(),
});

/** GET /api/v1/backoffice/applications/:id: everything collected, side by side. */
export const applicationDataSchema = z.object({
  id: z.string(),
  status: z.enum(APPLICATION_STATUSES),
  stage: z.number(),
  mobile: z.string(),
  email: z.string().nullable(),
  client_code: z.string().nullable(),
  created_at: z.string(),
  utm: z.object({ source: z.string().nullable(), medium: z.string().nullable(), campaign: z.string().nullable() }),
  refcode: z.string().nullable(),
  review: z.object({ status: z.string(), text: z.string() }).nullable(),
  stages: z.array(reviewStageSchema),
  /** Each section of the record (private ones included) as a flat list of fields. */
  sections: z.record(z.string(), z.array(reviewFieldSchema)),
  /** Each automated check the steps recorded, with its own evidence. */
  checks: z.array(reviewCheckSchema),
  /** Identifiers this application shares with other applications (empty when none). */
  shared: z.array(sharedIdentifierSchema),
  /** The printed data changed after signing, old and new (null when none). */
  signed_changes: signedChangesSchema.nullable(),
  /** True while the applicant has finished and waits for a decision: only then can stages be decided. */
  decidable: z.boolean(),
  /**
   * The approval lifecycle: `decide` (stages to accept), `confirm` (every stage accepted; a checker
   * confirms, review status Approved), `registrations` (approved; the exchange, depository and KRA
   * registrations run, Completed follows their acceptance), `done`. `makers` are the staff (emails)
   * whose accepts stand; with `four_eyes` they may not confirm, and `can_act` says whether the
   * viewer may take the step.
   */
  approval: z.object({
    step: z.enum(['decide', 'confirm', 'registrations', 'done']),
    four_eyes: z.boolean(),
    makers: z.array(z.string()),
    can_act: z.boolean(),
  }),
  /**
   * Partial approval: the chosen segments the maker accepted the application without, each waiting
   * for the client's proof (a coded reason). The registrations open without them. Empty when none.
   */
  segment_holds: z.array(segmentHoldSchema),
  /** Who holds the application (a claim lapses when its holder is idle); null when nobody does. */
  claim: claimSchema.nullable().optional(),
  evidence: evidenceSchema.optional(),
});
export type ApplicationData = z.infer<typeof applicationDataSchema>;

/** POST /api/v1/backoffice/applications/:id/decisions: accept or reject stages (a reason is required to reject). */
export const decisionBodySchema = z.object({
  decisions: z
    .array(
      z
        .object({
          stage: z.number().int().min(110).max(210),
          activity: z.enum(['Accept', 'Reject']),
          /** A configured reason (review-reasons.ts); its stage must be the stage rejected. */
          code: z.string().max(40).optional(),
          /** Free text, alone or in addition to a configured reason. */
          reason: z.string().trim().max(500).optional(),
          /**
           * Why a stage is accepted although one of its checks failed or was not run (required then,
           * 400 otherwise); kept as a staff note, never shown to the applicant.
           */
          note: z.string().trim().max(500).optional(),
          /**
           * Partial approval (segment stage, with Accept only): chosen derivatives segments held back
           * until the client's proof arrives, each with a coded reason; the others are activated. An
           * Accept of the segment stage without it activates every chosen segment.
           */
          held_segments: z
            .array(z.object({ code: z.string().max(64), reason: z.enum(SEGMENT_HOLD_REASONS) }))
            .max(5)
            .optional(),
        })
        .refine((d) => d.activity === 'Accept' || Boolean(d.code) || (d.reason?.length ?? 0) >= 3, {
          message: 'A reason is required to reject a stage',
          path: ['reason'],
        }),
    )
    .min(1)
    .max(12),
  /** The maker's note for the checker, shown in the checker's queue when every stage is accepted. */
  note: z.string().trim().max(500).optional(),
});
export type DecisionBody = z.infer<typeof decisionBodySchema>;

/**
 * POST …/applications/:id/withdraw-send-back: a send-back made by mistake is taken back while the
 * applicant has not yet resubmitted the stage; the stage waits for a decision again.
 */
export const withdrawSendBackBodySchema = z.object({ stage: z.number().int().min(110).max(210) });

/** POST …/applications/:id/confirm: the checker's step (no body). */
export const approvalReplySchema = z.object({
  status: z.enum(['Approved', 'Completed']),
  client_code: z.string().nullable(),
});

export const applicationReplySchema = replySchema(applicationDataSchema);

/** POST …/decisions: the application's review status after the decisions. */
export const decisionDataSchema = z.object({
  status: z.string(),
  client_code: z.string().nullable(),
  awaiting_confirmation: z.boolean(),
});
export const decisionReplySchema = replySchema(decisionDataSchema);

/** POST …/confirm: the checker's confirmation. */
export const approvalConfirmReplySchema = replySchema(approvalReplySchema);
