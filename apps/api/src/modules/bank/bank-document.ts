/**
 * Uploaded bank documents: the bytes must be the type they claim (magic bytes), images are
 * re-encoded with sharp (drops metadata and anything appended to the image), PDFs must parse.
 */
import { MSG } from '@ekyc/contracts/messages';
import { PDFDocument } from 'pdf-lib';
import sharp from 'sharp';
import { refuseActivePdf } from '../../documents/upload-check.ts';
import { AppError, invalidField } from '../../lib/errors.ts';

export type BankDocumentType = 'image/png' | 'image/jpeg' | 'application/pdf';

/** What the first bytes say the file is. */
export function sniffType(bytes: Buffer): BankDocumentType | null {
  if (bytes.length >= 8 && bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])))
    return 'image/png';
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'image/jpeg';
  if (bytes.subarray(0, 1024).includes('%PDF-')) return 'application/pdf';
  return null;
}

const NAMES: Record<BankDocumentType, string> = {
  'image/png': 'a PNG image',
  'image/jpeg': 'a JPEG image',
  'application/pdf': 'a PDF',
};

export function parseDataUrl(field: string, dataUrl: string): { claimed: string; bytes: Buffer } {
  const m = /^data:([a-z]+\/[a-z0-9.+-]+);base64,(.*)$/s.exec(dataUrl);
  if (!m) throw invalidField(field, MSG.fieldRequired);
  return { claimed: m[1]!.toLowerCase().replace('image/jpg', 'image/jpeg'), bytes: Buffer.from(m[2]!, 'base64') };
}

/**
 * Checks and normalises one upload. `allowed` lists the types this document may be; the message
 * is the spec's upload message for them. The content must be what it claims to be.
 */
export async function normaliseBankDocument(
  field: string,
  dataUrl: string,
  allowed: readonly BankDocumentType[],
  typeMessage: string,
): Promise<{ contentType: BankDocumentType; bytes: Buffer }> {
  const { claimed, bytes } = parseDataUrl(field, dataUrl);
  if (!(allowed as readonly string[]).includes(claimed)) throw invalidField(field, typeMessage);
  if (bytes.length === 0) throw invalidField(field, typeMessage);
  const actual = sniffType(bytes);
  if (actual !== claimed)
    throw invalidField(
      field,
      `The file is not ${NAMES[claimed as BankDocumentType]}: its content is ${actual ? NAMES[actual] : 'not an image'}. ${typeMessage}`,
    );
  if (actual === 'application/pdf') {
    try {
      await PDFDocument.load(bytes, { ignoreEncryption: true, updateMetadata: false });
    } catch {
      throw invalidField(field, `The PDF could not be read. ${typeMessage}`);
    }
    await refuseActivePdf(field, bytes);
    return { contentType: actual, bytes };
  }
  try {
    const image = sharp(bytes, { limitInputPixels: 40_000_000, failOn: 'error' })
      .rotate()
      .resize({ width: 1600, height: 1600, fit: 'inside', withoutEnlargement: true });
    const out =
      actual === 'image/png'
        ? await image.png({ compressionLevel: 6 }).toBuffer()
        : await image.jpeg({ quality: 85 }).toBuffer();
    return { contentType: actual, bytes: out };
  } catch (err) {
    if (err instanceof AppError) throw err;
    throw invalidField(field, `The image could not be read. ${typeMessage}`);
  }
}
