import { z } from 'zod';
import { ifscSchema } from '../rules.ts';
import { emptyDataSchema, replySchema } from '../envelope.ts';

/** GET get-ifsc?ifsc=: the lookup fields of section 3 (the public IFSC directory's shape). */
export const getIfscQuerySchema = z.object({ ifsc: ifscSchema });

export const ifscDetailsSchema = z.object({
  BANK: z.string(),
  IFSC: z.string(),
  BANKCODE: z.string(),
  BRANCH: z.string().nullable(),
  ADDRESS: z.string().nullable(),
  CENTRE: z.string().nullable(),
  CITY: z.string().nullable(),
  DISTRICT: z.string().nullable(),
  STATE: z.string().nullable(),
  CONTACT: z.string().nullable(),
  MICR: z.string().nullable(),
  SWIFT: z.string().nullable(),
  ISO3166: z.string().nullable(),
  IMPS: z.boolean().nullable(),
  NEFT: z.boolean().nullable(),
  RTGS: z.boolean().nullable(),
  UPI: z.boolean().nullable(),
});
export type IfscDetails = z.infer<typeof ifscDetailsSchema>;

/** The bank branch, or (status false) empty data for an unknown IFSC. */
export const getIfscReplySchema = replySchema(z.union([ifscDetailsSchema, emptyDataSchema]));
