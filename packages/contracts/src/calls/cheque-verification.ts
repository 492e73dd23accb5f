import { z } from 'zod';
import { screenSchema } from '../screen.ts';
import { ACCOUNT_TYPES } from '../enums.ts';
import { accountNumberSchema, accountTypeSchema, dataUrlSchema, ifscSchema } from '../rules.ts';
import { stageReplySchema } from '../envelope.ts';
import { saying } from '../said.ts';

/** Bank details typed by the applicant when no earlier attempt stored them. */
export const manualBankDetailsSchema = z.object({
  ifsc: ifscSchema,
  account_number: accountNumberSchema,
  account_type: z.pipe(accountTypeSchema, z.enum(ACCOUNT_TYPES, saying('accountTypeRequired'))),
});
export type ManualBankDetails = z.input<typeof manualBankDetailsSchema>;

/** POST cheque-verification: a cancelled cheque image (PNG or JPEG) as a data URL (section 7). */
export const chequeVerificationRequestSchema = z.object({
  base64: dataUrlSchema,
  data: manualBankDetailsSchema.optional(),
});
export type ChequeVerificationRequest = z.input<typeof chequeVerificationRequestSchema>;

/** What the offline OCR read from the cheque, and whether it agrees with the details given. */
export const chequeOcrSchema = z.object({
  ifsc: z.string().nullable(),
  account_number: z.string().nullable(),
  ifsc_matches: z.boolean().nullable(),
  account_matches: z.boolean().nullable(),
  legible: z.boolean(),
});
export type ChequeOcr = z.infer<typeof chequeOcrSchema>;

export const chequeVerificationDataSchema = z.object({
  screen: screenSchema,
  stage: z.number().optional(),
  cheque_ocr: chequeOcrSchema.optional(),
});

export const chequeVerificationReplySchema = stageReplySchema(chequeVerificationDataSchema);
