import { z } from 'zod';
import { screenSchema } from '../screen.ts';
import { ADDRESS_FIELD_MAX } from '../constants.ts';
import { IDENTITY_DOCUMENTS } from '../enums.ts';
import { dataUrlSchema } from '../rules.ts';
import { stageReplySchema } from '../envelope.ts';
import { said, saying } from '../said.ts';

/**
 * POST digi-ovd-verify?is_ovd=true (section 7): officially valid documents uploaded by hand when
 * DigiLocker fails, or the PAN card when the locker holds none. Two-sided documents take one
 * front-only image, two images, or one PDF with both sides (section 5).
 */
export const digiOvdQuerySchema = z.object({ is_ovd: z.enum(['true', 'false']).optional().default('true') });

const DOCUMENT_CODES = IDENTITY_DOCUMENTS.map((d) => d.code) as [string, ...string[]];
const field = (max = ADDRESS_FIELD_MAX) => z.string().trim().max(max, saying('maxLength100'));

export const digiOvdRequestSchema = z
  .object({
    document_type: z.enum(DOCUMENT_CODES, saying('fieldRequired')),
    front: dataUrlSchema,
    back: z.optional(dataUrlSchema),
    address1: field().optional().default(''),
    address2: field().optional().default(''),
    district_city: field().optional().default(''),
    state: field().optional().default(''),
    pincode: z
      .string()
      .trim()
      .optional()
      .default('')
      .refine((v) => v === '' || /^\d{6}$/.test(v), saying('nomineePincode')),
  })
  .superRefine((v, ctx) => {
    if (v.document_type === 'PAN') return;
    // An address proof needs its address.
    for (const key of ['address1', 'district_city', 'state', 'pincode'] as const)
      if (!v[key]) ctx.addIssue(said('fieldRequired', [key]));
  });
export type DigiOvdRequest = z.input<typeof digiOvdRequestSchema>;

export const digiOvdDataSchema = z.object({ screen: screenSchema });

export const digiOvdReplySchema = stageReplySchema(digiOvdDataSchema);
