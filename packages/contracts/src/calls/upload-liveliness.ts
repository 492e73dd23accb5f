import { z } from 'zod';
import { screenSchema } from '../screen.ts';
import { refusalDataSchema, stageReplySchema } from '../envelope.ts';
import { saying } from '../said.ts';

/** Outcomes of the hosted liveness module (section 4; HyperVerge SDK statuses). */
export const LIVENESS_OUTCOMES = ['auto_approved', 'auto_declined', 'needs_review', 'user_cancelled', 'error'] as const;
export type LivenessOutcome = (typeof LIVENESS_OUTCOMES)[number];

/** Selfie: a JPEG data URL of the 300 by 300 capture (section 4), at most about 1 MB. */
export const selfieImageSchema = z
  .string()
  .max(1_400_000)
  .regex(/^data:image\/jpeg;base64,[A-Za-z0-9+/]+={0,2}$/, saying('selfieJpegOnly'));

/** The most frames a capture of the action may have. */
export const LIVENESS_FRAMES_MAX = 8;

/** One frame of the action: a small JPEG data URL (a 300 by 300 capture is some 30 kB). */
export const actionFrameSchema = z
  .string()
  .max(300_000)
  .regex(/^data:image\/jpeg;base64,[A-Za-z0-9+/]+={0,2}$/, saying('framesJpegOnly'));

/**
 * POST upload-liveliness: the captured selfie and the hosted module's transaction. The server
 * checks the picture (exactly one face) and answers retry: true while the module is still open.
 */
export const uploadLivelinessRequestSchema = z.object({
  image: selfieImageSchema,
  transaction_id: z.string().min(8).max(64),
  /** The device's location, shared with the applicant's consent (KYC-app controls). */
  location: z
    .object({
      consent: z.boolean(),
      latitude: z.number().min(-90).max(90).optional(),
      longitude: z.number().min(-180).max(180).optional(),
      accuracy: z.number().min(0).max(1_000_000).optional(),
      captured_at: z.string().max(40).optional(),
    })
    .optional(),
  /**
   * When the applicant performed the server's random action (device time, ISO): recorded as the
   * device's claim only; the server times the action by its own clock.
   */
  action_done_at: z.string().max(40).optional(),
  /**
   * A short sequence taken while the applicant performs the action (e.g. 5 over about 2 s), as the
   * camera sees them (not mirrored), each a JPEG data URL: the provider judges the action on them.
   */
  frames: z.array(actionFrameSchema).min(2).max(LIVENESS_FRAMES_MAX).optional(),
});
export type UploadLivelinessRequest = z.input<typeof uploadLivelinessRequestSchema>;

/** GET upload-liveliness: the result so far; the client polls every 2 s up to 120 s while retry is true. */
export const uploadLivelinessDataSchema = z.object({
  retry: z.boolean(),
  screen: screenSchema,
  outcome: z.enum([...LIVENESS_OUTCOMES, 'pending']).optional(),
});
export type UploadLivelinessData = z.infer<typeof uploadLivelinessDataSchema>;

/** A refusal says whether to poll again, and the outcome when the check ended. */
export const uploadLivelinessReplySchema = stageReplySchema(
  uploadLivelinessDataSchema,
  refusalDataSchema({
    retry: uploadLivelinessDataSchema.shape.retry,
    outcome: uploadLivelinessDataSchema.shape.outcome,
  }),
);
