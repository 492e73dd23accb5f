import { z } from 'zod';
import { screenSchema } from '../screen.ts';
import { upiIdSchema } from '../rules.ts';
import { nameMatchSchema } from './bank-verification.ts';
import { replySchema, refusalDataSchema, stageReplySchema } from '../envelope.ts';

/** POST vpa-validation: checks the UPI id and sends a collect request to the applicant's UPI app. */
export const vpaValidationRequestSchema = z.object({ vpa_id: upiIdSchema });
export type VpaValidationRequest = z.input<typeof vpaValidationRequestSchema>;

/** Success is recognised by status_description 'Success' (section 4). */
export const vpaValidationDataSchema = z.object({
  status_description: z.enum(['Success', 'Failure']),
  screen: screenSchema,
  /** Seconds the wait screen waits for the UPI app (section 9: 58). */
  wait_seconds: z.number().optional(),
  name_match: nameMatchSchema.optional(),
  /** Sandbox only: the sandbox UPI app page where the collect request can be approved or declined. */
  upi_app_url: z.string().optional(),
});

/** The second element of the user details record after the UPI app answered. */
export const vpaCallbackSchema = z.object({
  status: z.enum(['Success', 'Failure']),
  status_description: z.string(),
  message: z.string(),
  /** The message's key in MSG, which the web translates it by (absent in answers kept before it was added). */
  code: z.optional(z.string()),
  vpa_id: z.string(),
  screen: screenSchema,
  updated_at: z.string(),
});
export type VpaCallback = z.infer<typeof vpaCallbackSchema>;

/** GET get-bank-config: whether UPI is offered (one reading of the spec shows it as coming soon). */
export const bankConfigResponseDataSchema = z.object({
  upi_enabled: z.boolean(),
  /** Collect requests to a typed UPI id; false where the aggregator no longer allows them (intent/QR stays). */
  upi_collect: z.boolean().optional(),
});
export type BankConfig = z.infer<typeof bankConfigResponseDataSchema>;

export const bankConfigReplySchema = replySchema(bankConfigResponseDataSchema);
/** A refusal says Failure and, when the account holder's name was compared, how it matched. */
export const vpaValidationReplySchema = stageReplySchema(
  vpaValidationDataSchema,
  refusalDataSchema({
    status_description: vpaValidationDataSchema.shape.status_description,
    name_match: vpaValidationDataSchema.shape.name_match,
  }),
);
