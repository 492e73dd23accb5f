import { z } from 'zod';

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
      kind: z.enum(['read_code', 'turn_head']),
      code: z.string().optional(),
      direction: z.enum(['left', 'right']).optional(),
      issued_at: z.string(),
    })
    .optional(),
});
export type GetHypervegeTokenData = z.infer<typeof getHypervegeTokenDataSchema>;
