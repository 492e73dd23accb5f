import { z } from 'zod';
import { screenSchema } from '../screen.ts';
import { dataUrlSchema, panNameSchema, panNumberSchema } from '../rules.ts';
import { refusalDataSchema, stageReplySchema } from '../envelope.ts';
import { saying } from '../said.ts';

/**
 * POST pan-validation (section 7). With is_ocr=false the applicant's PAN, name and date of birth
 * are checked at the income-tax source; with is_ocr=true a PAN card photo is read and the fields
 * are returned for the applicant to confirm.
 */
export const panValidationQuerySchema = z.object({
  is_ocr: z.enum(['true', 'false']).optional().default('false'),
});

/**
 * The date of birth is checked on the server with dateOfBirthSchema (the 18-years rule depends on
 * whether a PAN record already exists), so here it is only a string.
 */
export const panValidationRequestSchema = z.object({
  pan: panNumberSchema,
  pan_name: panNameSchema,
  date_of_birth: z.string(saying('dobRequired')).max(10),
  /** The fields came from a PAN card photo (section 4: OCR sets the 'via image' flag). */
  via_image: z.boolean().optional().default(false),
});
export type PanValidationRequest = z.input<typeof panValidationRequestSchema>;

export const panOcrRequestSchema = z.object({ base64: dataUrlSchema });
export type PanOcrRequest = z.input<typeof panOcrRequestSchema>;

/** The body in either of its shapes, as the OpenAPI document describes it (is_ocr chooses which). */
export const panValidationBodySchema = z.union([
  panValidationRequestSchema.meta({
    title: 'PAN typed in',
    description: 'With is_ocr=false (the default).',
    examples: [{ pan: 'ABCPV9999Q', pan_name: 'Asha Kumari Verma', date_of_birth: '15/08/1990' }],
  }),
  panOcrRequestSchema.meta({
    title: 'PAN card photo',
    description: 'With is_ocr=true: the photo as a data URL (JPEG or PNG); the reply gives the fields read.',
  }),
]);

export const panValidationDataSchema = z.object({
  /** Present on success: the web goes to pan-info (section 4). */
  full_name: z.string().optional(),
  pan_missing: z.boolean(),
  /** The next stage's screen, kept by the web as stageToMoveFromPan. */
  screen: screenSchema,
  is_kra: z.boolean().optional(),
  /** The KRA's status would block trading (On Hold, Rejected, Deactivated): what it means and what to do. */
  kra_notice: z.object({ status: z.string(), message: z.string(), code: z.string().optional() }).optional(),
});
export type PanValidationData = z.infer<typeof panValidationDataSchema>;

export const panOcrDataSchema = z.object({
  pan_number: z.string(),
  name: z.string(),
  dob: z.string(),
  via_image: z.literal(true),
});
export type PanOcrData = z.infer<typeof panOcrDataSchema>;
/** What the web reads of an is_ocr=true reply: the card's fields, with the screen when the stage moved. */
export const panOcrReplyDataSchema = panOcrDataSchema.extend({ screen: z.optional(screenSchema) });

/** pan_obj of the user details record (section 3). */
export const panObjSchema = z.object({
  name_on_card: z.string(),
  full_name: z.string(),
  pan_number: z.string(),
  dob: z.string(),
  is_kra: z.boolean(),
  via_image: z.boolean().optional(),
});
export type PanObj = z.infer<typeof panObjSchema>;

/** kra_data_obj (section 3): the KRA's status and address of a KRA-registered PAN. */
export const kraDataObjSchema = z.object({
  kra_status: z.string(),
  kra_status_code: z.string(),
  kra_agency: z.string(),
  kra_address: z.string(),
  kra_name: z.string().optional(),
  address1: z.string().optional(),
  address2: z.string().optional(),
  address3: z.string().optional(),
  district_city: z.string().optional(),
  state: z.string().optional(),
  pincode: z.string().optional(),
  country: z.string().optional(),
  notes: z.array(z.string()).optional(),
});
export type KraDataObj = z.infer<typeof kraDataObjSchema>;

/** The reply of pan-validation: the PAN checked, or (is_ocr=true) the card read. */
export const panValidationReplySchema = stageReplySchema(
  z.union([panValidationDataSchema, panOcrDataSchema]),
  refusalDataSchema({ pan_missing: panValidationDataSchema.shape.pan_missing }),
);
