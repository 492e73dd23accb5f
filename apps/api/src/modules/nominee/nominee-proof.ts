/**
 * A nominee's proof file (front or back): a PNG, JPEG or PDF judged by its first bytes before any
 * decoder runs. Images are re-encoded with sharp (metadata and trailing data dropped); a PDF must
 * open (without a password) and carry no active content.
 */
import { NOMINEE_PROOF_MAX_BYTES } from '@ekyc/contracts/calls/update-nominee';
import { loadSharp } from '../../lib/sharp.ts';
import { checkPdfUpload, type PdfInspector, requireType } from '../../documents/upload-check.ts';
import { invalidField } from '../../lib/errors.ts';

const MAX_STORED_PX = 2000;
const MAX_INPUT_PIXELS = 40_000_000;

export interface CheckedProof {
  contentType: 'image/png' | 'image/jpeg' | 'application/pdf';
  bytes: Buffer;
}

/** field names the payload field in the 400 (e.g. updatedNomineeList.nominee_2.proof_back). */
export async function checkNomineeProof(
  inspector: PdfInspector,
  field: string,
  dataUrl: string,
): Promise<CheckedProof> {
  const bytes = Buffer.from(dataUrl.slice(dataUrl.indexOf(',') + 1), 'base64');
  if (bytes.length > NOMINEE_PROOF_MAX_BYTES) throw invalidField(field, 'nomineeProofSize');
  const type = requireType(field, bytes, ['image/png', 'image/jpeg', 'application/pdf'], 'nomineeProofType');
  if (type === 'application/pdf') {
    await checkPdfUpload(inspector, field, bytes, 'nomineeProofType');
    return { contentType: 'application/pdf', bytes };
  }
  const sharp = await loadSharp();
  try {
    const image = sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS })
      .rotate()
      .resize({ width: MAX_STORED_PX, height: MAX_STORED_PX, fit: 'inside', withoutEnlargement: true });
    return type === 'image/png'
      ? { contentType: 'image/png', bytes: await image.png().toBuffer() }
      : { contentType: 'image/jpeg', bytes: await image.jpeg({ quality: 85 }).toBuffer() };
  } catch {
    throw invalidField(field, 'nomineeProofType');
  }
}
