/**
 * Turns an uploaded data URL into stored bytes: images are re-encoded by sharp (metadata and any
 * polyglot payload stripped), PDFs must start with the PDF signature. The declared type must be
 * one the upload kind accepts (section 5).
 */
import { uploadError, type UploadKind } from '@ekyc/contracts/rules';
import sharp from 'sharp';
import { refuseActivePdf } from '../../documents/upload-check.ts';
import { invalidField } from '../../lib/errors.ts';

export interface DecodedUpload {
  contentType: 'image/jpeg' | 'application/pdf';
  bytes: Buffer;
}

export async function decodeUpload(field: string, dataUrl: string, kind: UploadKind): Promise<DecodedUpload> {
  const m = /^data:([a-z]+\/[a-z0-9.+-]+);base64,(.+)$/s.exec(dataUrl);
  if (!m) throw invalidField(field, 'Upload a file');
  const declared = m[1]!.toLowerCase();
  const raw = Buffer.from(m[2]!, 'base64');
  const problem = uploadError(kind, { type: declared, size: raw.length });
  if (problem) throw invalidField(field, problem);
  if (declared === 'application/pdf') {
    if (raw.subarray(0, 5).toString('latin1') !== '%PDF-') throw invalidField(field, problem ?? 'Not a PDF file');
    await refuseActivePdf(field, raw);
    return { contentType: 'application/pdf', bytes: raw };
  }
  try {
    const bytes = await sharp(raw, { limitInputPixels: 40_000_000 })
      .rotate()
      .resize({ width: 2000, height: 2000, fit: 'inside', withoutEnlargement: true })
      .jpeg({ quality: 88 })
      .toBuffer();
    return { contentType: 'image/jpeg', bytes };
  } catch {
    throw invalidField(field, 'The image could not be read');
  }
}
