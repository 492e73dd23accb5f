/**
 * The client area's change or addition of bank accounts: a primary account and up to four more,
 * each verified by penny drop before the request is drafted, then signed with Aadhaar eSign and
 * reviewed four-eyed like a nomination (docs/servicing.md "Bank accounts").
 */
import { z } from 'zod';
import { ACCOUNT_TYPES } from '../enums.ts';
import { MSG } from '../messages.ts';
import { accountNumberSchema, accountTypeSchema, ifscSchema } from '../rules.ts';
import { replySchema } from '../envelope.ts';
import { serviceRequestViewSchema } from './client-area.ts';

/** A primary account and up to four more (SEBI's UCC norms allow five bank accounts per client). */
export const BANK_ACCOUNTS_MAX = 5;

export const clientBankAccountSchema = z.object({
  ifsc: ifscSchema,
  account_number: accountNumberSchema,
  account_type: z.pipe(accountTypeSchema, z.enum(ACCOUNT_TYPES, { error: MSG.accountTypeRequired })),
  primary: z.boolean().optional().default(false),
});

/** POST client/requests/bank: the accounts the client wants on record, the primary first or flagged. */
export const bankChangeRequestSchema = z
  .object({
    accounts: z.array(clientBankAccountSchema).min(1, MSG.fieldRequired).max(BANK_ACCOUNTS_MAX, MSG.fieldRequired),
  })
  .superRefine((v, ctx) => {
    const primaries = v.accounts.filter((a) => a.primary).length;
    if (primaries > 1) ctx.addIssue({ code: 'custom', path: ['accounts'], message: MSG.fieldRequired });
    const numbers = v.accounts.map((a) => `${a.ifsc}:${a.account_number}`);
    if (new Set(numbers).size !== numbers.length)
      ctx.addIssue({ code: 'custom', path: ['accounts'], message: MSG.fieldRequired });
  })
  .meta({
    examples: [
      { accounts: [{ ifsc: 'ICIC0000001', account_number: '000401234567', account_type: 'Saving', primary: true }] },
    ],
  });
export type BankChangeRequestInput = z.input<typeof bankChangeRequestSchema>;

/**
 * The draft request, or the account the bank did not verify (its index in `accounts`): the penny
 * drop failed or the holder's name does not match the name on PAN.
 */
export const bankChangeRefusalSchema = z.object({
  reason: z.enum(['not_verified', 'name_mismatch']),
  account: z.number(),
});
export const bankChangeReplySchema = replySchema(
  z.union([z.object({ request: serviceRequestViewSchema }), bankChangeRefusalSchema]),
);
