/**
 * The stored signature: the uploaded or drawn image, checked by its bytes (not its declared type)
 * and re-encoded with sharp to PNG. Re-encoding strips metadata and anything smuggled after the
 * image data; PNG keeps a drawn signature's transparent background for the account-opening PDF.
 */
import { SIGNATURE_UPLOAD_MAX_BYTES } from '@ekyc/contracts/constants';
import { loadSharp } from '../../lib/sharp.ts';
import { requireType } from '../../documents/upload-check.ts';
import { invalidField } from '../../lib/errors.ts';

/** Large enough for a phone photo of a signature; the stored image is never bigger than this. */
const MAX_STORED_PX = 1600;
/** A decompression bomb stops here rather than filling memory. */
const MAX_INPUT_PIXELS = 40_000_000;

export function decodeDataUrl(dataUrl: string): { declaredType: string; bytes: Buffer } {
  const comma = dataUrl.indexOf(',');
  const declaredType = dataUrl.slice(5, dataUrl.indexOf(';'));
  return { declaredType, bytes: Buffer.from(dataUrl.slice(comma + 1), 'base64') };
}

/** Throws a 400 naming signature_image when the bytes are not a PNG or JPEG within 5 MB (section 5). */
export async function normaliseSignatureImage(dataUrl: string): Promise<Buffer> {
  const { bytes } = decodeDataUrl(dataUrl);
  if (bytes.length > SIGNATURE_UPLOAD_MAX_BYTES) throw invalidField('signature_image', 'signatureSize');
  requireType('signature_image', bytes, ['image/png', 'image/jpeg'], 'chequeType');
  const sharp = await loadSharp();
  try {
    return await sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS })
      .rotate()
      .resize({ width: MAX_STORED_PX, height: MAX_STORED_PX, fit: 'inside', withoutEnlargement: true })
      .png({ compressionLevel: 6 })
      .toBuffer();
  } catch {
    // Corrupt or truncated image data: the applicant is told the file is not an acceptable image.
    throw invalidField('signature_image', 'chequeType');
  }
}
