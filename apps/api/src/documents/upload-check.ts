/**
 * Checks shared by every upload. A file is what its first bytes say (magic bytes at offset 0, as
 * each format's specification places them), and only the formats an upload names are accepted
 * before anything decodes it: no SVG, TIFF, HEIF or other format reaches an image decoder, and a
 * file that is HTML first and PDF later is not a PDF. A stored PDF is shown to reviewers, so it
 * must open (decrypted when protected) and must not carry active content (`pdf-inspect.ts`).
 */
import { MSG, type MessageKey } from '@ekyc/contracts/messages';
import { invalidField, invalidFieldAs } from '../lib/errors.ts';
import type { DocumentWorkers } from './form-pool.ts';
import { startsAsPdf } from './pdf-limits.ts';

/** Where uploaded PDFs are inspected: the document pool's worker threads, within their budget. */
export type PdfInspector = Pick<DocumentWorkers, 'inspectPdf'>;

export type SniffedType = 'image/png' | 'image/jpeg' | 'application/pdf';

const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/** What the first bytes say the file is, among the formats uploads accept; null for anything else. */
export function sniffType(bytes: Uint8Array): SniffedType | null {
  if (bytes.length >= 8 && Buffer.from(bytes.subarray(0, 8)).equals(PNG)) return 'image/png';
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'image/jpeg';
  if (startsAsPdf(bytes)) return 'application/pdf';
  return null;
}

/**
 * The file's type when it is one of `allowed`, else a 400 naming the field with `message` (its
 * English `text` when that says more).
 */
export function requireType(
  field: string,
  bytes: Uint8Array,
  allowed: readonly SniffedType[],
  message: MessageKey,
  text: string = MSG[message],
): SniffedType {
  const type = sniffType(bytes);
  if (!type || !allowed.includes(type)) throw invalidFieldAs(field, message, text);
  return type;
}

/**
 * A PDF upload without a password: it must open (an empty user password is fine), carry no active
 * content and be checkable within the inspection's budget. `unreadable` is the upload's own message
 * for a file that is not a usable PDF.
 */
export async function checkPdfUpload(
  inspector: PdfInspector,
  field: string,
  bytes: Uint8Array,
  unreadable: MessageKey,
  /** The English, when it says more than the message of `unreadable`. */
  unreadableText: string = MSG[unreadable],
): Promise<void> {
  const { opened, active } = await inspector.inspectPdf(bytes);
  if (active) throw invalidField(field, 'pdfActiveContent');
  if (opened.ok) return;
  if (opened.reason === 'too_complex') throw invalidField(field, 'pdfTooComplex');
  throw opened.reason === 'password_required'
    ? invalidField(field, 'pdfPasswordProtected')
    : invalidFieldAs(field, unreadable, unreadableText);
}
