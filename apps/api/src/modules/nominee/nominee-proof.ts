/**
 * A nominee's proof file (front or back): a PNG, JPEG or PDF judged by its bytes. Images are
 * re-encoded with sharp (metadata and trailing data dropped); a PDF must open as a real PDF.
 */
import { NOMINEE_PROOF_MAX_BYTES } from '@ekyc/contracts/calls/update-nominee';
import { MSG } from '@ekyc/contracts/messages';
import { PDFDocument } from 'pdf-lib';
import sharp from 'sharp';
import { refuseActivePdf } from '../../documents/upload-check.ts';
import { invalidField } from '../../lib/errors.ts';

const MAX_STORED_PX = 2000;
const MAX_INPUT_PIXELS = 40_000_000;

const isPng = (b: Buffer) => b.length > 8 && b.readUInt32BE(0) === 0x89504e47 && b.readUInt32BE(4) === 0x0d0a1a0a;
const isJpeg = (b: Buffer) => b.length > 3 && b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff;
const isPdf = (b: Buffer) => b.subarray(0, 1024).includes('%PDF-');

export interface CheckedProof {
  contentType: 'image/png' | 'image/jpeg' | 'application/pdf';
  bytes: Buffer;
}

/** field names the payload field in the 400 (e.g. updatedNomineeList.nominee_2.proof_back). */
export async function checkNomineeProof(field: string, dataUrl: string): Promise<CheckedProof> {
  const bytes = Buffer.from(dataUrl.slice(dataUrl.indexOf(',') + 1), 'base64');
  if (bytes.length > NOMINEE_PROOF_MAX_BYTES) throw invalidField(field, MSG.nomineeProofSize);
  if (isPng(bytes) || isJpeg(bytes)) {
    const png = isPng(bytes);
    try {
      const image = sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS })
        .rotate()
        .resize({ width: MAX_STORED_PX, height: MAX_STORED_PX, fit: 'inside', withoutEnlargement: true });
      return png
        ? { contentType: 'image/png', bytes: await image.png().toBuffer() }
        : { contentType: 'image/jpeg', bytes: await image.jpeg({ quality: 85 }).toBuffer() };
    } catch {
      throw invalidField(field, MSG.nomineeProofType);
    }
  }
  if (isPdf(bytes)) {
    try {
      // A password-protected proof is still a proof: its structure is checked, its content is not read.
      const doc = await PDFDocument.load(bytes, { ignoreEncryption: true, updateMetadata: false });
      if (doc.getPageCount() < 1) throw new Error('no pages');
    } catch {
      throw invalidField(field, MSG.nomineeProofType);
    }
    await refuseActivePdf(field, bytes);
    return { contentType: 'application/pdf', bytes };
  }
  throw invalidField(field, MSG.nomineeProofType);
}
