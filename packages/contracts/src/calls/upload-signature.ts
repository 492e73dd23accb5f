import { z } from 'zod';
import { dataUrlSchema } from '../rules.ts';

/** How the signature was captured (section 7): drawn on screen, or an uploaded image. */
export const SIGNATURE_UPLOAD_TYPES = ['digital', 'manual'] as const;
export type SignatureUploadType = (typeof SIGNATURE_UPLOAD_TYPES)[number];

/** The image types a signature may arrive as; the server stores it re-encoded as PNG. */
export const SIGNATURE_DOCUMENT_TYPES = ['png', 'jpeg', 'jpg'] as const;

/** POST upload-signature (section 7). */
export const uploadSignatureRequestSchema = z.object({
  signature_image: dataUrlSchema,
  document_type: z.enum(SIGNATURE_DOCUMENT_TYPES),
  upload_type: z.enum(SIGNATURE_UPLOAD_TYPES),
});
export type UploadSignatureRequest = z.input<typeof uploadSignatureRequestSchema>;

export const uploadSignatureResponseDataSchema = z.object({ screen: z.string(), stage: z.number().optional() });
export type UploadSignatureResponseData = z.infer<typeof uploadSignatureResponseDataSchema>;

/** The stored signature_obj as get-user-details shows it (the document is a signed URL). */
export interface SignatureSection {
  is_object: boolean;
  document_type?: string;
  upload_type?: SignatureUploadType;
  document?: string;
}
