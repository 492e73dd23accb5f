/**
 * Opens an uploaded PDF the way a reader would and says whether it carries active content.
 *
 * A protected PDF is decrypted with @cantoo/pdf-lib (the PDF standard security handler: RC4 40
 * and 128-bit, AES-128, AES-256, user or owner password) before anything is judged, so that
 * objects kept in encrypted streams, object streams included, are read in clear. A PDF counts as
 * opened when it parses, has a page and, when encrypted, page 1's content decodes with the key.
 *
 * Active content is refused wherever it sits: JavaScript, launch, remote go-to (GoToR, e.g. to a
 * UNC path that leaks Windows credentials), embedded go-to, submit and import actions, embedded
 * files, rich media, sound, movies, renditions and XFA forms; a URI action is refused when it runs
 * by itself (OpenAction or an additional-actions /AA entry), and allowed as a link to click.
 */
import {
  PDFArray,
  PDFDict,
  PDFDocument,
  PDFName,
  PDFNumber,
  PDFRawStream,
  PDFRef,
  PDFStream,
  decodePDFRawStream,
  type PDFObject,
} from '@cantoo/pdf-lib';

export type PdfOpenResult =
  | { ok: true; encrypted: boolean; pages: number; revision: number | null }
  | { ok: false; reason: 'unreadable' | 'password_required' | 'password_wrong' | 'unsupported' };

export interface PdfInspection {
  opened: PdfOpenResult;
  /** The first active-content name found (in the raw bytes, or in the opened document), or null. */
  active: string | null;
}

const ACTIVE_NAMES = [
  'JavaScript',
  'JS',
  'Launch',
  'GoToR',
  'GoToE',
  'SubmitForm',
  'ImportData',
  'EmbeddedFile',
  'EmbeddedFiles',
  'RichMedia',
  'Rendition',
  'Movie',
  'Sound',
  'XFA',
];
const ACTIVE = new Set(ACTIVE_NAMES);
/** Actions refused when they run without a click. */
const AUTOMATIC = new Set([...ACTIVE_NAMES, 'URI']);
const RAW = new RegExp(`/(${ACTIVE_NAMES.join('|')})(?![A-Za-z0-9])`);
/** Nesting deeper than this inside one object is not a statement: it is refused as unreadable. */
const MAX_DEPTH = 64;

/** ISO 32000-1 7.5.2: the header is the first line of the file. */
export const startsAsPdf = (bytes: Uint8Array) => Buffer.from(bytes.subarray(0, 5)).toString('latin1') === '%PDF-';

const decodeNames = (text: string) =>
  text.replace(/\/[^\s/<>[\]()]+/g, (name) =>
    name.replace(/#([0-9A-Fa-f]{2})/g, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16))),
  );

/** Stream data (images, fonts, compressed text) is left out: random bytes would spell `/JS` in a few MB. */
const STREAM_DATA = /\bstream(?:\r\n|\n|\r)[\s\S]*?\bendstream\b/g;

/** Names visible in the file's syntax (PDF's #xx escapes decoded): catches what a parser might skip. */
function rawActive(bytes: Uint8Array): string | null {
  const syntax = Buffer.from(bytes).toString('latin1').replace(STREAM_DATA, 'stream endstream');
  return RAW.exec(decodeNames(syntax))?.[1] ?? null;
}

class TooDeep extends Error {}

/** Every dictionary key and name value, nested direct objects included; automatic actions followed. */
function documentActive(doc: PDFDocument): string | null {
  const { context } = doc;
  const automatic = (value: PDFObject | undefined, seen: Set<PDFObject>): string | null => {
    const action = value instanceof PDFRef ? context.lookup(value) : value;
    if (!action || seen.has(action)) return null;
    seen.add(action);
    if (action instanceof PDFArray) {
      for (let i = 0; i < action.size(); i++) {
        const found = automatic(action.get(i), seen);
        if (found) return found;
      }
      return null;
    }
    if (!(action instanceof PDFDict)) return null;
    const kind = action.get(PDFName.of('S'));
    if (kind instanceof PDFName && AUTOMATIC.has(kind.decodeText())) return kind.decodeText();
    return automatic(action.get(PDFName.of('Next')), seen);
  };
  const walk = (object: PDFObject, depth: number): string | null => {
    if (depth > MAX_DEPTH) throw new TooDeep();
    if (object instanceof PDFName) return ACTIVE.has(object.decodeText()) ? object.decodeText() : null;
    if (object instanceof PDFStream) return walk(object.dict, depth + 1);
    if (object instanceof PDFArray) {
      for (let i = 0; i < object.size(); i++) {
        const found = walk(object.get(i), depth + 1);
        if (found) return found;
      }
      return null;
    }
    if (!(object instanceof PDFDict)) return null;
    for (const [key, value] of object.entries()) {
      const name = key.decodeText();
      if (ACTIVE.has(name)) return name;
      let found: string | null = null;
      if (name === 'OpenAction') found = automatic(value, new Set());
      else if (name === 'AA') {
        const triggers = value instanceof PDFRef ? context.lookup(value) : value;
        if (triggers instanceof PDFDict)
          for (const [, action] of triggers.entries()) found ??= automatic(action, new Set());
      }
      found ??= walk(value, depth + 1);
      if (found) return found;
    }
    return null;
  };
  for (const [, object] of context.enumerateIndirectObjects()) {
    const found = walk(object, 0);
    if (found) return found;
  }
  return null;
}

/** Proof that the key really opens the document: page 1's content stream decodes. */
function firstPageDecodes(doc: PDFDocument): boolean {
  try {
    const contents = doc.getPage(0).node.get(PDFName.of('Contents'));
    const first = contents instanceof PDFArray ? contents.get(0) : contents;
    const stream = first instanceof PDFRef ? doc.context.lookup(first) : first;
    if (stream instanceof PDFRawStream) decodePDFRawStream(stream).decode();
    return true;
  } catch {
    return false;
  }
}

type Loaded = { doc: PDFDocument } | { failed: 'password_required' | 'password_wrong' | 'unreadable' };

async function loadWith(bytes: Uint8Array, password: string): Promise<Loaded> {
  try {
    return { doc: await PDFDocument.load(bytes, { password, updateMetadata: false, throwOnInvalidObject: false }) };
  } catch (err) {
    const message = err instanceof Error ? err.message : '';
    if (message.includes('NEEDS PASSWORD')) return { failed: 'password_required' };
    if (message.includes('Password incorrect')) return { failed: 'password_wrong' };
    return { failed: 'unreadable' };
  }
}

/** The standard security handler's revision, or null when the document uses another handler. */
function standardRevision(doc: PDFDocument): number | null {
  const enc = doc.context.lookupMaybe(doc.context.trailerInfo.Encrypt, PDFDict);
  if (enc?.get(PDFName.of('Filter')) !== PDFName.of('Standard')) return null;
  const r = enc.get(PDFName.of('R'));
  const v = enc.get(PDFName.of('V'));
  if (!(r instanceof PDFNumber) || !(v instanceof PDFNumber)) return null;
  if (![1, 2, 4, 5].includes(v.asNumber()) || r.asNumber() < 2 || r.asNumber() > 6) return null;
  return r.asNumber();
}

/**
 * Opens the PDF (an empty user password needs nothing from the applicant; otherwise `password`,
 * user or owner) and looks for active content in the raw bytes and in every decrypted object.
 */
export async function inspectPdf(bytes: Uint8Array, password?: string): Promise<PdfInspection> {
  if (!startsAsPdf(bytes)) return { opened: { ok: false, reason: 'unreadable' }, active: null };
  const raw = rawActive(bytes);
  let plain: PDFDocument;
  try {
    plain = await PDFDocument.load(bytes, {
      ignoreEncryption: true,
      updateMetadata: false,
      throwOnInvalidObject: false,
    });
  } catch {
    return { opened: { ok: false, reason: 'unreadable' }, active: raw };
  }
  const judge = (doc: PDFDocument, revision: number | null): PdfInspection => {
    let active: string | null;
    let pages: number;
    try {
      active = raw ?? documentActive(doc);
      pages = doc.getPageCount();
    } catch {
      return { opened: { ok: false, reason: 'unreadable' }, active: raw };
    }
    if (pages < 1 || (revision !== null && !firstPageDecodes(doc)))
      return { opened: { ok: false, reason: 'unreadable' }, active };
    return { opened: { ok: true, encrypted: revision !== null, pages, revision }, active };
  };
  if (!plain.isEncrypted) return judge(plain, null);

  const revision = standardRevision(plain);
  if (revision === null) return { opened: { ok: false, reason: 'unsupported' }, active: raw };
  // Many statements open with an empty user password: those need none from the applicant.
  let loaded = await loadWith(bytes, password || '');
  if ('failed' in loaded && loaded.failed === 'password_wrong') {
    const empty = await loadWith(bytes, '');
    if ('doc' in empty) loaded = empty;
  }
  if ('failed' in loaded) return { opened: { ok: false, reason: loaded.failed }, active: raw };
  return judge(loaded.doc, revision);
}
