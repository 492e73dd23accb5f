import { z } from 'zod';

/** GET get-hypervege-token (section 7): a short-lived token for the hosted liveness module. */
export const getHypervegeTokenDataSchema = z.object({
  token: z.string(),
  transaction_id: z.string(),
  workflow_id: z.string(),
  /** Where the hosted liveness module is opened (a page of the provider; the sandbox serves its own). */
  module_url: z.string(),
  expires_in: z.number(),
});
export type GetHypervegeTokenData = z.infer<typeof getHypervegeTokenDataSchema>;
