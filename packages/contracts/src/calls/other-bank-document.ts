import { z } from 'zod';
import { screenSchema } from '../screen.ts';
import { BANK_PROOF_TYPES } from '../enums.ts';
import { dataUrlSchema } from '../rules.ts';
import { manualBankDetailsSchema } from './cheque-verification.ts';
import { stageReplySchema } from '../envelope.ts';

/** POST other-bank-document: a bank statement or passbook (image or PDF) with the bank details (section 7). */
export const otherBankDocumentRequestSchema = z.object({
  doctype: z.enum(BANK_PROOF_TYPES),
  doc: dataUrlSchema,
  data: manualBankDetailsSchema.optional(),
});
export type OtherBankDocumentRequest = z.input<typeof otherBankDocumentRequestSchema>;

export const otherBankDocumentDataSchema = z.object({ screen: screenSchema, stage: z.number().optional() });

export const otherBankDocumentReplySchema = stageReplySchema(otherBankDocumentDataSchema);
