/**
 * Uploaded bank documents: the bytes must be the type they claim (magic bytes at offset 0, checked
 * before any decoder sees them), images are re-encoded with sharp (drops metadata and anything
 * appended to the image), PDFs must open and carry no active content.
 */
import { MSG, type MessageKey } from '@ekyc/contracts/messages';
import { loadSharp } from '../../lib/sharp.ts';
import { checkPdfUpload, type PdfInspector, sniffType, type SniffedType } from '../../documents/upload-check.ts';
import { AppError, invalidField, invalidFieldAs } from '../../lib/errors.ts';

export type BankDocumentType = SniffedType;

const NAMES: Record<BankDocumentType, string> = {
  'image/png': 'a PNG image',
  'image/jpeg': 'a JPEG image',
  'application/pdf': 'a PDF',
};

export function parseDataUrl(field: string, dataUrl: string): { claimed: string; bytes: Buffer } {
  const m = /^data:([a-z]+\/[a-z0-9.+-]+);base64,(.*)$/s.exec(dataUrl);
  if (!m) throw invalidField(field, 'fieldRequired');
  return { claimed: m[1]!.toLowerCase().replace('image/jpg', 'image/jpeg'), bytes: Buffer.from(m[2]!, 'base64') };
}

/**
 * Checks and normalises one upload. `allowed` lists the types this document may be; the message
 * is the spec's upload message for them. The content must be what it claims to be.
 */
export async function normaliseBankDocument(
  inspector: PdfInspector,
  field: string,
  dataUrl: string,
  allowed: readonly BankDocumentType[],
  typeMessage: MessageKey,
): Promise<{ contentType: BankDocumentType; bytes: Buffer }> {
  const { claimed, bytes } = parseDataUrl(field, dataUrl);
  if (!(allowed as readonly string[]).includes(claimed)) throw invalidField(field, typeMessage);
  if (bytes.length === 0) throw invalidField(field, typeMessage);
  const typeText = MSG[typeMessage];
  const actual = sniffType(bytes);
  if (actual !== claimed)
    throw invalidFieldAs(
      field,
      typeMessage,
      `The file is not ${NAMES[claimed as BankDocumentType]}: its content is ${actual ? NAMES[actual] : 'not an image'}. ${typeText}`,
    );
  if (actual === 'application/pdf') {
    await checkPdfUpload(inspector, field, bytes, typeMessage, `The PDF could not be read. ${typeText}`);
    return { contentType: actual, bytes };
  }
  const sharp = await loadSharp();
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
    throw invalidFieldAs(field, typeMessage, `The image could not be read. ${typeText}`);
  }
}
