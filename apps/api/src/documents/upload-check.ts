/**
 * Checks shared by every upload that may be a PDF: a stored PDF is shown to reviewers in the
 * browser, so it must not carry active content (JavaScript, launch or submit actions, embedded
 * files, rich media, XFA forms). Names are looked for in the raw bytes (with PDF's #xx escapes
 * decoded) and, when the document opens, in every object, which also covers compressed object
 * streams.
 */
import { MSG } from '@ekyc/contracts/messages';
import { PDFDict, PDFDocument, PDFName } from 'pdf-lib';
import { invalidField } from '../lib/errors.ts';

const ACTIVE_NAMES = [
  'JavaScript',
  'JS',
  'Launch',
  'EmbeddedFile',
  'EmbeddedFiles',
  'RichMedia',
  'XFA',
  'SubmitForm',
  'ImportData',
  'GoToE',
];
const ACTIVE = new Set(ACTIVE_NAMES);
const RAW = new RegExp(`/(${ACTIVE_NAMES.join('|')})(?![A-Za-z0-9])`);

const decodeNames = (text: string) =>
  text.replace(/\/[^\s/<>[\]()]+/g, (name) =>
    name.replace(/#([0-9A-Fa-f]{2})/g, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16))),
  );

/** The first active-content name found in a PDF, or null. */
export async function activePdfContent(bytes: Buffer): Promise<string | null> {
  const raw = RAW.exec(decodeNames(bytes.toString('latin1')));
  if (raw) return raw[1]!;
  try {
    const doc = await PDFDocument.load(bytes, {
      ignoreEncryption: true,
      updateMetadata: false,
      throwOnInvalidObject: false,
    });
    for (const [, object] of doc.context.enumerateIndirectObjects()) {
      const dict = object instanceof PDFDict ? object : (object as { dict?: unknown }).dict;
      if (!(dict instanceof PDFDict)) continue;
      for (const [key, value] of dict.entries()) {
        const name = key.decodeText();
        if (ACTIVE.has(name)) return name;
        if (value instanceof PDFName && ACTIVE.has(value.decodeText())) return value.decodeText();
      }
    }
  } catch {
    // a PDF that does not open is judged by each module's own check
  }
  return null;
}

/** Refuses a PDF with active content with a 400 naming the field. */
export async function refuseActivePdf(field: string, bytes: Buffer): Promise<void> {
  if (await activePdfContent(bytes)) throw invalidField(field, MSG.pdfActiveContent);
}
