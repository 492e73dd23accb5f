/**
 * The client area's change or addition of bank accounts: a primary account and up to four more,
 * each verified by penny drop before the request is drafted, then signed with Aadhaar eSign and
 * reviewed four-eyed like a nomination (docs/servicing.md "Bank accounts").
 */
import { z } from 'zod';
import { ACCOUNT_TYPES } from '../enums.ts';
import { accountNumberSchema, accountTypeSchema, ifscSchema } from '../rules.ts';
import { replySchema } from '../envelope.ts';
import { serviceRequestViewSchema } from './client-area.ts';
import { said, saying } from '../said.ts';

/** A primary account and up to four more (SEBI's UCC norms allow five bank accounts per client). */
export const BANK_ACCOUNTS_MAX = 5;

const accountType = z.pipe(accountTypeSchema, z.enum(ACCOUNT_TYPES, saying('accountTypeRequired')));

/** An account typed by the client: verified by penny drop. */
export const clientBankAccountSchema = z.object({
  ifsc: ifscSchema,
  account_number: accountNumberSchema,
  account_type: accountType,
  primary: z.boolean().optional().default(false),
});

/** An account the client paid Rs 1 from (UPI reverse penny drop, requests/bank/upi): named by the payment's id. */
export const clientUpiBankAccountSchema = z.object({
  upi_payment: z.string().min(1).max(64),
  account_type: accountType,
  primary: z.boolean().optional().default(false),
});

/** POST client/requests/bank: the accounts the client wants on record, the primary first or flagged. */
export const bankChangeRequestSchema = z
  .object({
    accounts: z
      .array(z.union([clientBankAccountSchema, clientUpiBankAccountSchema]))
      .min(1, saying('fieldRequired'))
      .max(BANK_ACCOUNTS_MAX, saying('fieldRequired')),
  })
  .superRefine((v, ctx) => {
    const primaries = v.accounts.filter((a) => a.primary).length;
    if (primaries > 1) ctx.addIssue(said('fieldRequired', ['accounts']));
    const numbers = v.accounts.map((a) => ('upi_payment' in a ? a.upi_payment : `${a.ifsc}:${a.account_number}`));
    if (new Set(numbers).size !== numbers.length) ctx.addIssue(said('fieldRequired', ['accounts']));
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
  reason: z.enum(['not_verified', 'name_mismatch', 'payment_not_verified']),
  account: z.number(),
});
export const bankChangeReplySchema = replySchema(
  z.union([z.object({ request: serviceRequestViewSchema }), bankChangeRefusalSchema]),
);

/**
 * POST client/requests/bank/upi: a UPI reverse penny drop for a bank request. The client pays Rs 1
 * (refunded) from their UPI app through the link (a phone) or the QR (a desktop); the provider names
 * the paying account. `upi_app_url` only in the sandbox.
 */
export const bankUpiStartDataSchema = z.object({
  upi_payment: z.string(),
  upi_link: z.string(),
  qr_svg: z.string(),
  valid_upto: z.string().nullable(),
  upi_app_url: z.string().optional(),
});
export const bankUpiStartReplySchema = replySchema(bankUpiStartDataSchema);

/**
 * GET client/requests/bank/upi/{id}: waiting until the provider's notification; then verified (the
 * account, masked, to add to a bank request by its upi_payment) or failed with the reason.
 */
export const bankUpiStatusDataSchema = z.object({
  state: z.enum(['waiting', 'verified', 'failed']),
  reason: z.enum(['declined', 'expired', 'not_a_bank_account', 'name_mismatch']).nullable(),
  account: z.object({ bank_name: z.string(), ifsc: z.string(), account_last4: z.string() }).nullable(),
});
export const bankUpiStatusReplySchema = replySchema(bankUpiStatusDataSchema);
