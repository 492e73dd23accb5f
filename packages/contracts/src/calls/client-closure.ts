/**
 * The client area's account closure: the broker's back office is asked first (balances, holdings,
 * open positions, pledges, pending requests); a closure it does not clear is refused with the
 * reason, and holdings go to another demat account the client names (closure-cum-transfer). The
 * request is then signed with Aadhaar eSign and reviewed four-eyed (docs/servicing.md "Account
 * closure").
 */
import { z } from 'zod';
import { replySchema } from '../envelope.ts';
import { serviceRequestViewSchema } from './client-area.ts';
import { said, saying } from '../said.ts';

/** Why the client closes the account (a closed list the client picks from). */
export const CLOSURE_REASONS = [
  'moving_to_another_broker',
  'no_longer_investing',
  'charges',
  'service',
  'other',
] as const;
export type ClosureReason = (typeof CLOSURE_REASONS)[number];

/** What stops a closure at the back office's pre-check, in the order they are checked. */
export const CLOSURE_BLOCKERS = ['open_positions', 'pledges', 'debit_balance', 'pending_requests'] as const;
export type ClosureBlocker = (typeof CLOSURE_BLOCKERS)[number];

/** A demat account number: CDSL 16 digits (DP id + client id); NSDL "IN" + 6-digit DP id + 8-digit client id. */
export const CDSL_BO_ID = /^\d{16}$/;
export const NSDL_BO_ID = /^IN\d{14}$/;

export const closureTargetSchema = z
  .object({
    depository: z.enum(['CDSL', 'NSDL']),
    bo_id: z
      .string()
      .trim()
      .transform((v) => v.toUpperCase().replace(/\s+/g, '')),
  })
  .superRefine((v, ctx) => {
    const valid = v.depository === 'CDSL' ? CDSL_BO_ID.test(v.bo_id) : NSDL_BO_ID.test(v.bo_id);
    if (!valid) ctx.addIssue(said('fieldRequired', ['bo_id']));
  });

/** POST client/requests/closure: the reason, and the demat account the holdings go to (when there are holdings). */
export const closureRequestSchema = z
  .object({
    reason: z.enum(CLOSURE_REASONS, saying('fieldRequired')),
    target: closureTargetSchema.optional(),
  })
  .meta({
    examples: [{ reason: 'moving_to_another_broker', target: { depository: 'CDSL', bo_id: '1208160000123456' } }],
  });
export type ClosureRequestInput = z.input<typeof closureRequestSchema>;

/** The back office's answer, as the client reads it. */
export const closurePreCheckSchema = z.object({
  /** Rupees: positive is owed to the client (paid out on closure), negative owed by the client. */
  ledger_balance: z.number(),
  holdings: z.array(z.object({ isin: z.string(), name: z.string(), quantity: z.number() })),
  open_positions: z.number().int(),
  pledges: z.number().int(),
  pending_requests: z.number().int(),
  /** What stops the closure; empty when it can go ahead. */
  blockers: z.array(z.enum(CLOSURE_BLOCKERS)),
});
export type ClosurePreCheck = z.infer<typeof closurePreCheckSchema>;

/**
 * The draft request with the pre-check, or why no request was drafted: a blocker of the pre-check
 * (`refused`, the first in `blockers`), or holdings without a demat account to transfer them to
 * (`transfer_needed`).
 */
export const closureRefusalSchema = z.object({
  reason: z.enum([...CLOSURE_BLOCKERS, 'transfer_needed']),
  pre_check: closurePreCheckSchema,
});
export const closureReplySchema = replySchema(
  z.union([z.object({ request: serviceRequestViewSchema, pre_check: closurePreCheckSchema }), closureRefusalSchema]),
);
