/**
 * Opens a financial-proof PDF, password-protected ones included. pdf-lib reads the structure but
 * cannot decrypt, so the password is checked here against the /Encrypt dictionary with the PDF
 * standard security handler (ISO 32000-1 7.6.3 algorithms 2, 4, 5, 7 for RC4 and AES-128,
 * revisions 2 to 4; ISO 32000-2 algorithms 2.A, 2.B, 11 and 12 for AES-256, revisions 5 and 6),
 * and the file key it yields must decrypt (and inflate) page 1's content stream: only then has
 * the document opened.
 */
import { createCipheriv, createDecipheriv, createHash } from 'node:crypto';
import { inflateSync } from 'node:zlib';
import {
  PDFArray,
  PDFDict,
  PDFDocument,
  PDFHexString,
  PDFName,
  PDFNumber,
  PDFRawStream,
  PDFRef,
  PDFString,
  type PDFObject,
} from 'pdf-lib';

export type PdfOpenResult =
  | { ok: true; encrypted: boolean; pages: number; revision: number | null }
  | { ok: false; reason: 'unreadable' | 'password_required' | 'password_wrong' | 'unsupported' };

/** The 32-byte padding string of algorithm 2. */
const PAD = Buffer.from('28BF4E5E4E758A4164004E56FFFA01082E2E00B6D0683E802F0CA9FE6453697A', 'hex');

export function rc4(key: Uint8Array, data: Uint8Array): Buffer {
  const s = new Uint8Array(256);
  for (let i = 0; i < 256; i++) s[i] = i;
  for (let i = 0, j = 0; i < 256; i++) {
    j = (j + s[i]! + key[i % key.length]!) & 255;
    [s[i], s[j]] = [s[j]!, s[i]!];
  }
  const out = Buffer.alloc(data.length);
  for (let n = 0, i = 0, j = 0; n < data.length; n++) {
    i = (i + 1) & 255;
    j = (j + s[i]!) & 255;
    [s[i], s[j]] = [s[j]!, s[i]!];
    out[n] = data[n]! ^ s[(s[i]! + s[j]!) & 255]!;
  }
  return out;
}

const md5 = (...parts: Uint8Array[]) => {
  const h = createHash('md5');
  for (const p of parts) h.update(p);
  return h.digest();
};

/** Password bytes for revisions 2 to 4: PDFDocEncoding (Latin-1 for what a keyboard types), padded to 32. */
export function padPassword(password: string): Buffer {
  const bytes = Buffer.from(password, 'latin1').subarray(0, 32);
  return Buffer.concat([bytes, PAD.subarray(0, 32 - bytes.length)]);
}

export interface StandardSecurity {
  revision: number;
  /** Key length in bytes (5 for 40-bit, 16 for 128-bit, 32 for AES-256). */
  keyLength: number;
  o: Buffer;
  u: Buffer;
  p: number;
  id0: Buffer;
  encryptMetadata: boolean;
  /** The stream cipher: RC4 (V 1, 2 or a V2 crypt filter), AES-128 (AESV2) or AES-256 (AESV3). */
  cipher: 'rc4' | 'aes128' | 'aes256';
  ue?: Buffer | undefined;
  oe?: Buffer | undefined;
}

/** Algorithm 2: the file encryption key from a user password (revisions 2 to 4). */
export function fileKey(sec: StandardSecurity, password: string | Buffer): Buffer {
  const p = Buffer.alloc(4);
  p.writeInt32LE(sec.p);
  const padded = typeof password === 'string' ? padPassword(password) : password;
  const parts = [padded, sec.o.subarray(0, 32), p, sec.id0];
  if (sec.revision >= 4 && !sec.encryptMetadata) parts.push(Buffer.from([0xff, 0xff, 0xff, 0xff]));
  let key = md5(...parts);
  const n = sec.revision === 2 ? 5 : sec.keyLength;
  if (sec.revision >= 3) for (let i = 0; i < 50; i++) key = md5(key.subarray(0, n));
  return key.subarray(0, n);
}

/** Algorithms 4 and 5: the /U value a user password produces. */
export function computeU(sec: StandardSecurity, key: Buffer): Buffer {
  if (sec.revision === 2) return rc4(key, PAD);
  let x = rc4(key, md5(PAD, sec.id0));
  for (let i = 1; i <= 19; i++) x = rc4(xorKey(key, i), x);
  return Buffer.concat([x, Buffer.alloc(16)]);
}

/** Algorithm 3's RC4 key from the owner password (its first steps). */
export function ownerKey(sec: StandardSecurity, ownerPassword: string): Buffer {
  let h = md5(padPassword(ownerPassword));
  const n = sec.revision === 2 ? 5 : sec.keyLength;
  if (sec.revision >= 3) for (let i = 0; i < 50; i++) h = md5(h);
  return h.subarray(0, n);
}

const xorKey = (key: Buffer, i: number) => Buffer.from(key.map((b) => b ^ i));

/** The file key when the user password is right, else null. */
function userRc4Key(sec: StandardSecurity, password: string | Buffer): Buffer | null {
  const key = fileKey(sec, password);
  const u = computeU(sec, key);
  const n = sec.revision === 2 ? 32 : 16;
  return u.subarray(0, n).equals(sec.u.subarray(0, n)) ? key : null;
}

/** Algorithm 7: the owner password decrypts /O to the user password. */
function ownerRc4Key(sec: StandardSecurity, password: string): Buffer | null {
  const key = ownerKey(sec, password);
  let x: Buffer = Buffer.from(sec.o.subarray(0, 32));
  if (sec.revision === 2) x = rc4(key, x);
  else for (let i = 19; i >= 0; i--) x = rc4(xorKey(key, i), x);
  // x is the padded user password
  return userRc4Key(sec, x);
}

/** Algorithm 2.B (revision 6) or plain SHA-256 (revision 5). */
function hashR6(password: Buffer, salt: Buffer, udata: Buffer, revision: number): Buffer {
  let k = createHash('sha256')
    .update(Buffer.concat([password, salt, udata]))
    .digest();
  if (revision === 5) return k;
  for (let i = 0; ;) {
    const k1 = Buffer.concat(Array.from({ length: 64 }, () => Buffer.concat([password, k, udata])));
    const cipher = createCipheriv('aes-128-cbc', k.subarray(0, 16), k.subarray(16, 32));
    cipher.setAutoPadding(false);
    const e = Buffer.concat([cipher.update(k1), cipher.final()]);
    let mod = 0;
    for (let b = 0; b < 16; b++) mod += e[b]!;
    k = createHash(['sha256', 'sha384', 'sha512'][mod % 3]!)
      .update(e)
      .digest();
    i += 1;
    if (i >= 64 && e[e.length - 1]! <= i - 32) break;
  }
  return k.subarray(0, 32);
}

/** Algorithms 11 and 12 (validation), then 2.A: the file key unwrapped from /UE or /OE. */
function aes256Key(sec: StandardSecurity, password: string): Buffer | null {
  const pw = Buffer.from(password.normalize('NFKC'), 'utf8').subarray(0, 127);
  const none = Buffer.alloc(0);
  const u48 = sec.u.subarray(0, 48);
  let wrapKey: Buffer;
  let wrapped: Buffer | undefined;
  if (hashR6(pw, sec.u.subarray(32, 40), none, sec.revision).equals(sec.u.subarray(0, 32))) {
    wrapKey = hashR6(pw, sec.u.subarray(40, 48), none, sec.revision);
    wrapped = sec.ue;
  } else if (hashR6(pw, sec.o.subarray(32, 40), u48, sec.revision).equals(sec.o.subarray(0, 32))) {
    wrapKey = hashR6(pw, sec.o.subarray(40, 48), u48, sec.revision);
    wrapped = sec.oe;
  } else return null;
  if (!wrapped || wrapped.length !== 32) return null;
  const d = createDecipheriv('aes-256-cbc', wrapKey, Buffer.alloc(16)).setAutoPadding(false);
  return Buffer.concat([d.update(wrapped), d.final()]);
}

/** The file encryption key when the password (user or owner) is right, else null. */
export function unlock(sec: StandardSecurity, password: string): Buffer | null {
  if (sec.revision >= 5) return aes256Key(sec, password);
  return userRc4Key(sec, password) ?? ownerRc4Key(sec, password);
}

export const passwordOpens = (sec: StandardSecurity, password: string) => unlock(sec, password) !== null;

/** Decrypts one object's string or stream data (7.6.2: per-object keys for RC4 and AES-128). */
export function decryptObjectData(sec: StandardSecurity, key: Buffer, ref: PDFRef, data: Uint8Array): Buffer {
  const aes = sec.cipher !== 'rc4';
  let objectKey = key;
  if (sec.cipher !== 'aes256') {
    const suffix = Buffer.alloc(5);
    suffix.writeUIntLE(ref.objectNumber, 0, 3);
    suffix.writeUInt16LE(ref.generationNumber, 3);
    const parts = [key, suffix];
    if (aes) parts.push(Buffer.from('sAlT', 'latin1'));
    objectKey = md5(...parts).subarray(0, Math.min(key.length + 5, 16));
  }
  if (!aes) return rc4(objectKey, data);
  const d = createDecipheriv(objectKey.length === 32 ? 'aes-256-cbc' : 'aes-128-cbc', objectKey, data.subarray(0, 16));
  return Buffer.concat([d.update(data.subarray(16)), d.final()]);
}

/** Proof that the document really opens: page 1's content stream decrypts (and inflates). */
function firstPageOpens(doc: PDFDocument, sec: StandardSecurity, key: Buffer): boolean {
  try {
    const contents = doc.getPage(0).node.get(PDFName.of('Contents'));
    const ref = contents instanceof PDFArray ? contents.get(0) : contents;
    if (!(ref instanceof PDFRef)) return true;
    const stream = doc.context.lookup(ref);
    if (!(stream instanceof PDFRawStream)) return true;
    const plain = decryptObjectData(sec, key, ref, stream.contents);
    const filter = stream.dict.get(PDFName.of('Filter'));
    const first = filter instanceof PDFArray ? filter.get(0) : filter;
    if (first === PDFName.of('FlateDecode')) inflateSync(plain);
    return true;
  } catch {
    return false;
  }
}

const bytesOf = (o: PDFObject | undefined): Buffer | null =>
  o instanceof PDFString || o instanceof PDFHexString ? Buffer.from(o.asBytes()) : null;
const numberOf = (o: PDFObject | undefined): number | null => (o instanceof PDFNumber ? o.asNumber() : null);

/** Reads the standard security handler's entries; null when the document uses another handler. */
export function readSecurity(doc: PDFDocument): StandardSecurity | null {
  const { context } = doc;
  const enc = context.lookupMaybe(context.trailerInfo.Encrypt, PDFDict);
  if (!enc) return null;
  if (enc.get(PDFName.of('Filter')) !== PDFName.of('Standard')) return null;
  const revision = numberOf(enc.get(PDFName.of('R')));
  const o = bytesOf(enc.get(PDFName.of('O')));
  const u = bytesOf(enc.get(PDFName.of('U')));
  const p = numberOf(enc.get(PDFName.of('P')));
  if (revision === null || !o || !u || p === null) return null;
  const ids = context.lookupMaybe(context.trailerInfo.ID, PDFArray);
  const id0 = bytesOf(ids?.get(0)) ?? Buffer.alloc(0);
  const lengthBits = numberOf(enc.get(PDFName.of('Length'))) ?? 40;
  const keyLength = revision >= 5 ? 32 : revision === 2 ? 5 : Math.max(5, Math.min(16, lengthBits / 8));
  const em = enc.get(PDFName.of('EncryptMetadata'));
  let cipher: StandardSecurity['cipher'] = revision >= 5 ? 'aes256' : 'rc4';
  if (revision === 4) {
    const stmF = enc.get(PDFName.of('StmF'));
    const filters = context.lookupMaybe(enc.get(PDFName.of('CF')), PDFDict);
    const cf = stmF instanceof PDFName ? context.lookupMaybe(filters?.get(stmF), PDFDict) : undefined;
    if (cf?.get(PDFName.of('CFM')) === PDFName.of('AESV2')) cipher = 'aes128';
  }
  return {
    revision,
    keyLength,
    o,
    u,
    p: p | 0,
    id0,
    encryptMetadata: em?.toString() !== 'false',
    cipher,
    ue: bytesOf(enc.get(PDFName.of('UE'))) ?? undefined,
    oe: bytesOf(enc.get(PDFName.of('OE'))) ?? undefined,
  };
}

/**
 * Opens the PDF ('encryption ignored on load'): an unprotected one opens as is; a protected one
 * asks for its password and opens only with a password that the security handler accepts.
 */
export async function openPdf(bytes: Uint8Array, password?: string): Promise<PdfOpenResult> {
  if (Buffer.from(bytes.subarray(0, 1024)).indexOf('%PDF-') < 0) return { ok: false, reason: 'unreadable' };
  let doc: PDFDocument;
  try {
    doc = await PDFDocument.load(bytes, { ignoreEncryption: true, updateMetadata: false, throwOnInvalidObject: false });
  } catch {
    return { ok: false, reason: 'unreadable' };
  }
  let pages = 0;
  try {
    pages = doc.getPageCount();
  } catch {
    return { ok: false, reason: 'unreadable' };
  }
  if (!doc.isEncrypted)
    return pages > 0 ? { ok: true, encrypted: false, pages, revision: null } : { ok: false, reason: 'unreadable' };
  const sec = readSecurity(doc);
  if (!sec || sec.revision < 2 || sec.revision > 6) return { ok: false, reason: 'unsupported' };
  // Many statements open with an empty user password: those need none from the applicant.
  const key = unlock(sec, '') ?? (password ? unlock(sec, password) : null);
  if (!key) return { ok: false, reason: password ? 'password_wrong' : 'password_required' };
  if (!firstPageOpens(doc, sec, key)) return { ok: false, reason: 'unreadable' };
  return { ok: true, encrypted: true, pages, revision: sec.revision };
}
