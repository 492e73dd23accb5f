import { z } from 'zod';
import { stageReplySchema } from '../envelope.ts';

/** The selfie step's actions, none a blink: a code read aloud, a head turn. */
export const LIVENESS_ACTION_KINDS = ['read_code', 'turn_head'] as const;

/** An applicant who cannot do the action asked for asks for another kind (ours, optional). */
export const getHypervegeTokenQuerySchema = z.object({ action: z.enum(LIVENESS_ACTION_KINDS).optional() });

/** GET get-hypervege-token (section 7): a short-lived token for the hosted liveness module. */
export const getHypervegeTokenDataSchema = z.object({
  token: z.string(),
  transaction_id: z.string(),
  workflow_id: z.string(),
  /** Where the hosted liveness module is opened (a page of the provider; the sandbox serves its own). */
  module_url: z.string(),
  expires_in: z.number(),
  /** A random action chosen by the server for this attempt (KYC-app controls): a code to read or a head turn. */
  action: z
    .object({
      kind: z.enum(LIVENESS_ACTION_KINDS),
      code: z.string().optional(),
      direction: z.enum(['left', 'right']).optional(),
      issued_at: z.string(),
    })
    .optional(),
  /** The kinds of action the broker allows: with two or more, the applicant may ask for another. */
  actions: z.array(z.enum(LIVENESS_ACTION_KINDS)).optional(),
});
export type GetHypervegeTokenData = z.infer<typeof getHypervegeTokenDataSchema>;

export const getHypervegeTokenReplySchema = stageReplySchema(getHypervegeTokenDataSchema);
