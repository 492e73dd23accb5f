/**
 * Turns an uploaded data URL into stored bytes. The declared type and what the bytes are (magic
 * bytes, checked before any decoder runs) must both be types the upload kind accepts (section 5);
 * images are re-encoded by sharp (metadata and any polyglot payload stripped), PDFs must open and
 * carry no active content.
 */
import { uploadError, uploadTypeMessage, type UploadKind } from '@ekyc/contracts/rules';
import { loadSharp } from '../lib/sharp.ts';
import { checkPdfUpload, type PdfInspector, requireType } from './upload-check.ts';
import { invalidField } from '../lib/errors.ts';

const STORED_TYPES = ['image/png', 'image/jpeg', 'application/pdf'] as const;

export interface DecodedUpload {
  contentType: 'image/jpeg' | 'application/pdf';
  bytes: Buffer;
}

export async function decodeUpload(
  inspector: PdfInspector,
  field: string,
  dataUrl: string,
  kind: UploadKind,
): Promise<DecodedUpload> {
  const m = /^data:([a-z]+\/[a-z0-9.+-]+);base64,(.+)$/s.exec(dataUrl);
  if (!m) throw invalidField(field, 'fieldRequired');
  const declared = m[1]!.toLowerCase().replace('image/jpg', 'image/jpeg');
  const raw = Buffer.from(m[2]!, 'base64');
  const problem = uploadError(kind, { type: declared, size: raw.length });
  if (problem) throw invalidField(field, problem);
  // what the bytes are decides, among the types this kind takes (a PNG saved as .jpg is still a PNG)
  const allowed = STORED_TYPES.filter((type) => uploadError(kind, { type, size: 0 }) === null);
  const actual = requireType(field, raw, allowed, uploadTypeMessage(kind));
  if (actual === 'application/pdf') {
    await checkPdfUpload(inspector, field, raw, uploadTypeMessage(kind));
    return { contentType: 'application/pdf', bytes: raw };
  }
  const sharp = await loadSharp();
  try {
    const bytes = await sharp(raw, { limitInputPixels: 40_000_000 })
      .rotate()
      .resize({ width: 2000, height: 2000, fit: 'inside', withoutEnlargement: true })
      .jpeg({ quality: 88 })
      .toBuffer();
    return { contentType: 'image/jpeg', bytes };
  } catch {
    throw invalidField(field, 'imageUnreadable');
  }
}
