import { z } from 'zod';
import { screenSchema } from '../screen.ts';
import { NOMINEE_RELATIONS } from '../basic-enums.ts';
import { dataUrlSchema, nameSchema } from '../rules.ts';
import { stageReplySchema } from '../envelope.ts';
import { saying } from '../said.ts';

/** How the signature was captured (section 7): drawn on screen, or an uploaded image. */
export const SIGNATURE_UPLOAD_TYPES = ['digital', 'manual'] as const;
export type SignatureUploadType = (typeof SIGNATURE_UPLOAD_TYPES)[number];

/** The image types a signature may arrive as; the server stores it re-encoded as PNG. */
export const SIGNATURE_DOCUMENT_TYPES = ['png', 'jpeg', 'jpg'] as const;

/**
 * What the image is (SEBI's KYC duties for persons with disabilities, regulation research 1.3): the
 * applicant's signature, or their thumb impression when they cannot sign.
 */
export const SIGNATURE_MARKS = ['signature', 'thumb_impression'] as const;
export type SignatureMark = (typeof SIGNATURE_MARKS)[number];

/** A guardian who signs for an applicant who cannot: their name and how they are related. */
export const signatureGuardianSchema = z
  .object({
    name: nameSchema,
    relation: z.enum(NOMINEE_RELATIONS, saying('signatureGuardianRelation')),
  })
  .strict();
export type SignatureGuardian = z.infer<typeof signatureGuardianSchema>;

/** POST upload-signature (section 7); the mark and the guardian are ours, both optional. */
export const uploadSignatureRequestSchema = z.object({
  signature_image: dataUrlSchema,
  document_type: z.enum(SIGNATURE_DOCUMENT_TYPES),
  upload_type: z.enum(SIGNATURE_UPLOAD_TYPES),
  signature_mark: z.enum(SIGNATURE_MARKS).optional(),
  guardian: signatureGuardianSchema.optional(),
});
export type UploadSignatureRequest = z.input<typeof uploadSignatureRequestSchema>;

export const uploadSignatureResponseDataSchema = z.object({ screen: screenSchema, stage: z.number().optional() });

/** The stored signature_obj as get-user-details shows it (the document is a signed URL). */
export interface SignatureSection {
  is_object: boolean;
  document_type?: string;
  upload_type?: SignatureUploadType;
  document?: string;
  /** Absent for an applicant's own signature. */
  signature_mark?: SignatureMark;
  guardian?: SignatureGuardian;
}

export const uploadSignatureReplySchema = stageReplySchema(uploadSignatureResponseDataSchema);
