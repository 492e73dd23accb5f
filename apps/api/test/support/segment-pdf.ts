/**
 * Test PDFs for the financial proof: plain ones from pdf-lib, and password-protected ones encrypted
 * here with the PDF standard security handler (ISO 32000: RC4 40-bit R2, RC4 128-bit R3, AES-256
 * R6), written independently of the server's checker so that the two meet only in the format.
 */
import { createCipheriv, createHash, randomBytes } from 'node:crypto';
import { deflateSync } from 'node:zlib';
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
  StandardFonts,
  type PDFObject,
} from '@cantoo/pdf-lib';

const PAD = Buffer.from('28BF4E5E4E758A4164004E56FFFA01082E2E00B6D0683E802F0CA9FE6453697A', 'hex');

/** A one-page statement-like PDF. */
export async function makeProofPdf(title = 'Salary slip'): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  doc.setTitle(title);
  const font = await doc.embedFont(StandardFonts.Helvetica);
  const page = doc.addPage([420, 300]);
  page.drawText(title, { x: 40, y: 240, size: 20, font });
  page.drawText('Net pay: Rs 85,000', { x: 40, y: 200, size: 12, font });
  return doc.save({ useObjectStreams: false });
}

function rc4(key: Uint8Array, data: Uint8Array): Buffer {
  const s = Array.from({ length: 256 }, (_, i) => i);
  let j = 0;
  for (let i = 0; i < 256; i++) {
    j = (j + s[i]! + key[i % key.length]!) % 256;
    const t = s[i]!;
    s[i] = s[j]!;
    s[j] = t;
  }
  const out = Buffer.alloc(data.length);
  let i = 0;
  j = 0;
  for (let n = 0; n < data.length; n++) {
    i = (i + 1) % 256;
    j = (j + s[i]!) % 256;
    const t = s[i]!;
    s[i] = s[j]!;
    s[j] = t;
    out[n] = data[n]! ^ s[(s[i]! + s[j]!) % 256]!;
  }
  return out;
}

const md5 = (...parts: Uint8Array[]) => parts.reduce((h, p) => h.update(p), createHash('md5')).digest();
const pad = (pw: string) => {
  const b = Buffer.from(pw, 'latin1').subarray(0, 32);
  return Buffer.concat([b, PAD.subarray(0, 32 - b.length)]);
};
const xor = (key: Buffer, i: number) => Buffer.from(key.map((b) => b ^ i));

/** Every string and stream of every object (except the security dictionary) through `crypt`. */
function encryptObjects(doc: PDFDocument, crypt: (ref: PDFRef, data: Uint8Array) => Buffer) {
  const walk = (ref: PDFRef, o: PDFObject): PDFObject => {
    if (o instanceof PDFString || o instanceof PDFHexString)
      return PDFHexString.of(crypt(ref, o.asBytes()).toString('hex'));
    if (o instanceof PDFDict) {
      for (const [k, v] of o.entries()) o.set(k, walk(ref, v));
      return o;
    }
    if (o instanceof PDFArray) {
      for (let i = 0; i < o.size(); i++) o.set(i, walk(ref, o.get(i)));
      return o;
    }
    if (o instanceof PDFRawStream) {
      walk(ref, o.dict);
      return PDFRawStream.of(o.dict, crypt(ref, o.contents));
    }
    return o;
  };
  for (const [ref, obj] of doc.context.enumerateIndirectObjects()) doc.context.assign(ref, walk(ref, obj));
}

function finish(doc: PDFDocument, encrypt: Record<string, PDFObject>, id0: Buffer) {
  const dict = doc.context.obj({});
  for (const [k, v] of Object.entries(encrypt)) dict.set(PDFName.of(k), v);
  doc.context.trailerInfo.Encrypt = doc.context.register(dict);
  const id = PDFHexString.of(id0.toString('hex'));
  doc.context.trailerInfo.ID = doc.context.obj([id, id]);
  return doc.save({ useObjectStreams: false, updateFieldAppearances: false });
}

interface ObjectId {
  objectNumber: number;
  generationNumber: number;
}

/** Algorithms 2 to 5 (RC4 or AES-128): /O, /U and the per-object cipher for a user and an owner password. */
function standardSecurity(o: { userPassword: string; ownerPassword: string; bits: 40 | 128; aes?: boolean }) {
  const aes = o.aes === true && o.bits === 128;
  const revision = o.bits === 40 ? 2 : aes ? 4 : 3;
  const n = o.bits / 8;
  const p = revision === 2 ? -44 : -3904;
  const id0 = randomBytes(16);
  // Algorithm 3: /O
  let ok = md5(pad(o.ownerPassword || o.userPassword));
  if (revision >= 3) for (let i = 0; i < 50; i++) ok = md5(ok);
  const okey = ok.subarray(0, n);
  let O = rc4(okey, pad(o.userPassword));
  if (revision >= 3) for (let i = 1; i <= 19; i++) O = rc4(xor(okey, i), O);
  // Algorithm 2: the file key
  const pBytes = Buffer.alloc(4);
  pBytes.writeInt32LE(p);
  let key = md5(pad(o.userPassword), O, pBytes, id0);
  if (revision >= 3) for (let i = 0; i < 50; i++) key = md5(key.subarray(0, n));
  key = key.subarray(0, n);
  // Algorithms 4 and 5: /U
  let U: Buffer;
  if (revision === 2) U = rc4(key, PAD);
  else {
    let x = rc4(key, md5(PAD, id0));
    for (let i = 1; i <= 19; i++) x = rc4(xor(key, i), x);
    U = Buffer.concat([x, randomBytes(16)]);
  }
  const crypt = (ref: ObjectId, data: Uint8Array) => {
    const k = Buffer.alloc(5);
    k.writeUIntLE(ref.objectNumber, 0, 3);
    k.writeUInt16LE(ref.generationNumber, 3);
    if (!aes) return rc4(md5(key, k).subarray(0, Math.min(n + 5, 16)), data);
    const iv = randomBytes(16);
    const c = createCipheriv('aes-128-cbc', md5(key, k, Buffer.from('sAlT')), iv);
    return Buffer.concat([iv, c.update(data), c.final()]);
  };
  return { revision, aes, p, id0, O, U, crypt };
}

/**
 * Encryption with a user and an owner password: RC4 40-bit (revision 2), RC4 128-bit (revision 3),
 * or with `aes`, AES-128 through an AESV2 crypt filter (revision 4).
 */
export async function encryptPdfRc4(
  plain: Uint8Array,
  o: { userPassword: string; ownerPassword: string; bits: 40 | 128; aes?: boolean },
): Promise<Uint8Array> {
  const doc = await PDFDocument.load(plain, { updateMetadata: false });
  const { revision, aes, p, id0, O, U, crypt } = standardSecurity(o);
  encryptObjects(doc, crypt);
  const entries: Record<string, PDFObject> = {
    Filter: PDFName.of('Standard'),
    V: PDFNumber.of(revision === 2 ? 1 : revision === 3 ? 2 : 4),
    R: PDFNumber.of(revision),
    Length: PDFNumber.of(o.bits),
    O: PDFHexString.of(O.toString('hex')),
    U: PDFHexString.of(U.toString('hex')),
    P: PDFNumber.of(p),
  };
  if (aes) {
    const cf = doc.context.obj({});
    cf.set(
      PDFName.of('StdCF'),
      doc.context.obj({ CFM: PDFName.of('AESV2'), AuthEvent: PDFName.of('DocOpen'), Length: PDFNumber.of(16) }),
    );
    entries.CF = cf;
    entries.StmF = PDFName.of('StdCF');
    entries.StrF = PDFName.of('StdCF');
  }
  return finish(doc, entries, id0);
}

/** ISO 32000-2 algorithm 2.B. */
function hash2B(password: Buffer, salt: Buffer, udata: Buffer): Buffer {
  let k = createHash('sha256').update(password).update(salt).update(udata).digest();
  let round = 0;
  let last = 0;
  while (round < 64 || last > round - 32) {
    const k1 = Buffer.concat(new Array<Buffer>(64).fill(Buffer.concat([password, k, udata])));
    const c = createCipheriv('aes-128-cbc', k.subarray(0, 16), k.subarray(16, 32)).setAutoPadding(false);
    const e = Buffer.concat([c.update(k1), c.final()]);
    const sum = e.subarray(0, 16).reduce((a, b) => a + b, 0);
    k = createHash(['sha256', 'sha384', 'sha512'][sum % 3]!)
      .update(e)
      .digest();
    last = e[e.length - 1]!;
    round += 1;
  }
  return k.subarray(0, 32);
}

/** AES-256 encryption (V 5, R 6, AESV3 crypt filter) with a user password. */
export async function encryptPdfAes256(plain: Uint8Array, userPassword: string, ownerPassword = 'owner-secret') {
  const doc = await PDFDocument.load(plain, { updateMetadata: false });
  const fileKey = randomBytes(32);
  const upw = Buffer.from(userPassword, 'utf8');
  const opw = Buffer.from(ownerPassword, 'utf8');
  const uVal = randomBytes(8);
  const uKey = randomBytes(8);
  const U = Buffer.concat([hash2B(upw, uVal, Buffer.alloc(0)), uVal, uKey]);
  const wrap = (k: Buffer) => {
    const c = createCipheriv('aes-256-cbc', k, Buffer.alloc(16)).setAutoPadding(false);
    return Buffer.concat([c.update(fileKey), c.final()]);
  };
  const UE = wrap(hash2B(upw, uKey, Buffer.alloc(0)));
  const oVal = randomBytes(8);
  const oKey = randomBytes(8);
  const O = Buffer.concat([hash2B(opw, oVal, U), oVal, oKey]);
  const OE = wrap(hash2B(opw, oKey, U));
  encryptObjects(doc, (_ref, data) => {
    const iv = randomBytes(16);
    const c = createCipheriv('aes-256-cbc', fileKey, iv);
    return Buffer.concat([iv, c.update(data), c.final()]);
  });
  const cf = doc.context.obj({});
  cf.set(
    PDFName.of('StdCF'),
    doc.context.obj({ CFM: PDFName.of('AESV3'), AuthEvent: PDFName.of('DocOpen'), Length: PDFNumber.of(32) }),
  );
  const hex = (b: Buffer) => PDFHexString.of(b.toString('hex'));
  return finish(
    doc,
    {
      Filter: PDFName.of('Standard'),
      V: PDFNumber.of(5),
      R: PDFNumber.of(6),
      Length: PDFNumber.of(256),
      CF: cf,
      StmF: PDFName.of('StdCF'),
      StrF: PDFName.of('StdCF'),
      O: hex(O),
      U: hex(U),
      OE: hex(OE),
      UE: hex(UE),
      P: PDFNumber.of(-3904),
      Perms: hex(randomBytes(16)),
    },
    randomBytes(16),
  );
}

/**
 * A one-page PDF written byte by byte whose catalog, pages and `action` (PDF syntax of the
 * OpenAction's dictionary) sit in a compressed object stream (PDF 1.5, cross-reference stream),
 * the whole encrypted with AES-128 (revision 4): nothing of the action shows in the file's bytes
 * until it is decrypted. An empty user password makes a file that opens without asking.
 */
export function encryptedObjectStreamPdf(action: string, o: { userPassword: string; ownerPassword: string }): Buffer {
  const sec = standardSecurity({ ...o, bits: 128, aes: true });
  const inStream = [
    '<< /Type /Catalog /Pages 3 0 R /OpenAction 5 0 R >>',
    '<< /Type /Pages /Kids [4 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 3 0 R /MediaBox [0 0 300 300] /Contents 6 0 R >>',
    action,
  ];
  let body = '';
  const index: string[] = [];
  inStream.forEach((text, i) => {
    index.push(`${i + 2} ${body.length}`);
    body += `${text}\n`;
  });
  const header = `${index.join(' ')}\n`;
  const objStm = sec.crypt({ objectNumber: 1, generationNumber: 0 }, deflateSync(Buffer.from(header + body, 'latin1')));
  const content = sec.crypt(
    { objectNumber: 6, generationNumber: 0 },
    deflateSync(Buffer.from('0 0 1 rg 20 20 260 260 re f\n', 'latin1')),
  );
  const hex = (b: Buffer) => `<${b.toString('hex')}>`;
  const chunks: Buffer[] = [Buffer.from('%PDF-1.7\n%\xe2\xe3\xcf\xd3\n', 'latin1')];
  const offsets: number[] = [];
  let size = chunks[0]!.length;
  const add = (num: number, dict: string, stream?: Buffer) => {
    offsets[num] = size;
    const parts: Buffer[] = [Buffer.from(`${num} 0 obj\n${dict}\n`, 'latin1')];
    if (stream) parts.push(Buffer.from('stream\n'), stream, Buffer.from('\nendstream\n'));
    parts.push(Buffer.from('endobj\n'));
    const chunk = Buffer.concat(parts);
    chunks.push(chunk);
    size += chunk.length;
  };
  add(
    1,
    `<< /Type /ObjStm /N ${inStream.length} /First ${header.length} /Filter /FlateDecode /Length ${objStm.length} >>`,
    objStm,
  );
  add(6, `<< /Filter /FlateDecode /Length ${content.length} >>`, content);
  add(
    7,
    `<< /Filter /Standard /V 4 /R 4 /Length 128 /CF << /StdCF << /CFM /AESV2 /AuthEvent /DocOpen /Length 16 >> >> ` +
      `/StmF /StdCF /StrF /StdCF /O ${hex(sec.O)} /U ${hex(sec.U)} /P ${sec.p} >>`,
  );
  // cross-reference stream (never encrypted): type 1 = at an offset, type 2 = inside object stream 1
  const rows = Buffer.alloc(9 * 7);
  const row = (num: number, type: number, a: number, b: number) => {
    rows.writeUInt8(type, num * 7);
    rows.writeUInt32BE(a, num * 7 + 1);
    rows.writeUInt16BE(b, num * 7 + 5);
  };
  row(0, 0, 0, 65535);
  for (const num of [1, 6, 7]) row(num, 1, offsets[num]!, 0);
  for (let i = 0; i < inStream.length; i++) row(i + 2, 2, 1, i);
  row(8, 1, size, 0);
  const id = hex(sec.id0);
  add(
    8,
    `<< /Type /XRef /Size 9 /W [1 4 2] /Root 2 0 R /Encrypt 7 0 R /ID [${id} ${id}] /Length ${rows.length} >>`,
    rows,
  );
  chunks.push(Buffer.from(`startxref\n${offsets[8]}\n%%EOF\n`, 'latin1'));
  return Buffer.concat(chunks);
}

/** `%PDF-` and then `stream` lines, none of them closed by `endstream`, to `size` bytes. */
export const unendedStreams = (size: number) =>
  Buffer.from(`%PDF-1.7\n${'stream\n'.repeat(Math.floor((size - 9) / 7))}`, 'latin1');

/**
 * A valid one-page PDF of a few hundred kilobytes whose object stream inflates to `inflated` bytes
 * (the object it holds, then spaces): a deflate bomb for a reader that inflates without a limit.
 */
export function deflateBombPdf(inflated: number): Buffer {
  const header = '5 0 ';
  const object = '<< /Producer (Bank statement) >>';
  const content = Buffer.alloc(inflated, 0x20);
  content.write(header + object, 'latin1');
  const packed = deflateSync(content, { level: 9 });
  return Buffer.concat([
    Buffer.from(
      '%PDF-1.7\n' +
        '1 0 obj\n<< /Type /Catalog /Pages 2 0 R >>\nendobj\n' +
        '2 0 obj\n<< /Type /Pages /Kids [3 0 R] /Count 1 >>\nendobj\n' +
        '3 0 obj\n<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] >>\nendobj\n' +
        `4 0 obj\n<< /Type /ObjStm /N 1 /First ${header.length} /Filter /FlateDecode /Length ${packed.length} >>\nstream\n`,
      'latin1',
    ),
    packed,
    Buffer.from('\nendstream\nendobj\ntrailer\n<< /Root 1 0 R /Size 6 >>\n%%EOF\n', 'latin1'),
  ]);
}
