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
 *
 * A hostile file must not cost more than a bounded amount: the raw bytes are scanned in linear
 * time, and what pdf-lib's stream decoders write (object streams, cross-reference streams, page 1's
 * content) is capped per inspection, so a deflate bomb is refused (`too_complex`) before it fills
 * memory. The inspection runs in a worker thread of the document pool (form-pool.ts), which stops
 * it past its time budget.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import {
  PDFArray,
  PDFContext,
  PDFDict,
  PDFDocument,
  PDFName,
  PDFNumber,
  PDFRawStream,
  PDFRef,
  PDFStream,
  ParseSpeeds,
  decodePDFRawStream,
  type PDFObject,
} from '@cantoo/pdf-lib';
import { DEFAULT_INSPECTION_LIMITS, type InspectionLimits, startsAsPdf } from './pdf-limits.ts';

export type PdfOpenResult =
  | { ok: true; encrypted: boolean; pages: number; revision: number | null }
  | {
      ok: false;
      /** `too_complex`: the check would cost more than its budget (decoded size, time or memory). */
      reason: 'unreadable' | 'password_required' | 'password_wrong' | 'unsupported' | 'too_complex';
    };

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

const decodeNames = (text: string) =>
  text.replace(/\/[^\s/<>[\]()]+/g, (name) =>
    name.replace(/#([0-9A-Fa-f]{2})/g, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16))),
  );

/** A character of a regular expression's word (`\w`): a keyword is one when none stands beside it. */
const isWordChar = (code: number) =>
  (code >= 0x30 && code <= 0x39) || (code >= 0x41 && code <= 0x5a) || (code >= 0x61 && code <= 0x7a) || code === 0x5f;

/** Where a standalone `endstream` starts at or after `from`, or -1. */
function nextEndstream(text: string, from: number): number {
  for (let at = text.indexOf('endstream', from); at !== -1; at = text.indexOf('endstream', at + 1))
    if ((at === 0 || !isWordChar(text.charCodeAt(at - 1))) && !isWordChar(text.charCodeAt(at + 9))) return at;
  return -1;
}

/**
 * The file's syntax with stream data (images, fonts, compressed text) left out: random bytes would
 * spell `/JS` in a few MB. Each `stream` keyword and its end of line up to the next standalone
 * `endstream` becomes `stream endstream`. One pass with indexOf: the regular expression this
 * replaces went back over the rest of the file for every `stream` without an `endstream`
 * (quadratic: a megabyte of them took a minute).
 */
export function withoutStreamData(syntax: string): string {
  const kept: string[] = [];
  let copied = 0;
  let at = 0;
  for (;;) {
    const start = syntax.indexOf('stream', at);
    if (start === -1) break;
    at = start + 6;
    if (start > 0 && isWordChar(syntax.charCodeAt(start - 1))) continue;
    const eol = syntax.charCodeAt(at);
    if (eol !== 0x0a && eol !== 0x0d) continue;
    const end = nextEndstream(syntax, at + 1);
    // no stream closes after this point, so none that starts later does either: the rest is syntax
    if (end === -1) break;
    kept.push(syntax.slice(copied, start), 'stream endstream');
    copied = at = end + 'endstream'.length;
  }
  kept.push(syntax.slice(copied));
  return kept.join('');
}

/** Names visible in the file's syntax (PDF's #xx escapes decoded): catches what a parser might skip. */
function rawActive(bytes: Uint8Array): string | null {
  const syntax = withoutStreamData(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('latin1'));
  return RAW.exec(decodeNames(syntax))?.[1] ?? null;
}

/** What the stream decoders of one inspection may still write, in bytes. */
interface DecodeBudget {
  left: number;
  exceeded: boolean;
}
const decodeBudget = new AsyncLocalStorage<DecodeBudget>();
/** The fields of pdf-lib's DecodeStream that hold a decoder's output. */
interface DecoderOutput {
  buffer: Uint8Array;
  minBufferLength: number;
}
class DecodeBudgetExceeded extends Error {}
let decodersLimited = false;

/**
 * Counts what pdf-lib's stream decoders write against the budget of the inspection that runs them
 * (none outside one). pdf-lib inflates object and cross-reference streams while it parses, with no
 * limit and no option for one; every decoder it has (Flate, LZW, RunLength, ASCII85, ASCIIHex and
 * decryption) grows its output through DecodeStream's ensureBuffer, which is not exported: it is
 * reached through the prototype of a decoder that the public decodePDFRawStream returns.
 */
function limitDecoders(): void {
  if (decodersLimited) return;
  const context = PDFContext.create();
  const sample = decodePDFRawStream(PDFRawStream.of(context.obj({ Filter: 'ASCIIHexDecode' }), new Uint8Array()));
  const base = Object.getPrototypeOf(Object.getPrototypeOf(sample)) as {
    ensureBuffer?: (this: DecoderOutput, requested: number) => Uint8Array;
  };
  const ensureBuffer = base.ensureBuffer;
  if (typeof ensureBuffer !== 'function') throw new Error('pdf-lib decoders changed: cannot limit what they decode');
  base.ensureBuffer = function (this: DecoderOutput, requested: number) {
    const current = this.buffer.byteLength;
    if (requested > current) {
      const budget = decodeBudget.getStore();
      if (budget) {
        // charged what the buffer grows by, before it is allocated: it doubles from minBufferLength
        let size = this.minBufferLength || 1;
        while (size < requested) size *= 2;
        budget.left -= size - current;
        if (budget.left < 0) {
          budget.exceeded = true;
          throw new DecodeBudgetExceeded('decoded data over the inspection budget');
        }
      }
    }
    return ensureBuffer.call(this, requested);
  };
  decodersLimited = true;
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

const FIRST_PAGE_PROOF_BYTES = 64 * 1024;

/** Proof that the key really opens the document: page 1's content stream decodes. */
function firstPageDecodes(doc: PDFDocument): boolean {
  try {
    const contents = doc.getPage(0).node.get(PDFName.of('Contents'));
    const first = contents instanceof PDFArray ? contents.get(0) : contents;
    const stream = first instanceof PDFRef ? doc.context.lookup(first) : first;
    // the first bytes prove the key (a wrong one fails the filter at once); all of them are not needed
    if (stream instanceof PDFRawStream) decodePDFRawStream(stream).getBytes(FIRST_PAGE_PROOF_BYTES);
    return true;
  } catch {
    return false;
  }
}

type Loaded = { doc: PDFDocument } | { failed: 'password_required' | 'password_wrong' | 'unreadable' };

async function loadWith(bytes: Uint8Array, password: string): Promise<Loaded> {
  try {
    return {
      doc: await PDFDocument.load(bytes, {
        password,
        updateMetadata: false,
        throwOnInvalidObject: false,
        parseSpeed: ParseSpeeds.Fastest,
      }),
    };
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
 * pdf-lib parses without pausing (ParseSpeeds.Fastest): the pauses are for an event loop, and
 * this runs in a worker thread.
 */
export async function inspectPdf(
  bytes: Uint8Array,
  password?: string,
  limits: InspectionLimits = DEFAULT_INSPECTION_LIMITS,
): Promise<PdfInspection> {
  limitDecoders();
  const budget: DecodeBudget = { left: limits.maxDecodedBytes, exceeded: false };
  // pdf-lib catches a decoder's error and goes on without the object: the budget says it happened
  const inspection = await decodeBudget.run(budget, () => inspect(bytes, password));
  return budget.exceeded ? { opened: { ok: false, reason: 'too_complex' }, active: inspection.active } : inspection;
}

async function inspect(bytes: Uint8Array, password?: string): Promise<PdfInspection> {
  if (!startsAsPdf(bytes)) return { opened: { ok: false, reason: 'unreadable' }, active: null };
  const raw = rawActive(bytes);
  let plain: PDFDocument;
  try {
    plain = await PDFDocument.load(bytes, {
      ignoreEncryption: true,
      updateMetadata: false,
      throwOnInvalidObject: false,
      parseSpeed: ParseSpeeds.Fastest,
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
