import { expect, it } from 'vitest';
import { inspectPdf, withoutStreamData } from '../src/documents/pdf-inspect.ts';
import { PDFDocument, PDFName, PDFString } from '@cantoo/pdf-lib';
import { JS_ACTION } from './support/hostile-files.ts';
import {
  deflateBombPdf,
  encryptedObjectStreamPdf,
  encryptPdfAes256,
  encryptPdfRc4,
  makeProofPdf,
} from './support/segment-pdf.ts';

const openPdf = async (bytes: Uint8Array, password?: string) => (await inspectPdf(bytes, password)).opened;

it('opens a plain PDF and refuses what is not a PDF', async () => {
  expect(await openPdf(await makeProofPdf())).toEqual({ ok: true, encrypted: false, pages: 1, revision: null });
  expect(await openPdf(Buffer.from('GIF89a not a pdf'))).toEqual({ ok: false, reason: 'unreadable' });
  expect(await openPdf(Buffer.from('%PDF-1.7\n garbage'))).toEqual({ ok: false, reason: 'unreadable' });
});

for (const bits of [40, 128] as const) {
  it(`asks for the password of an RC4 ${bits}-bit PDF and opens it with the user or owner password only`, async () => {
    const pdf = await encryptPdfRc4(await makeProofPdf(), {
      userPassword: 'RAVI1508',
      ownerPassword: 'bank-owner',
      bits,
    });
    expect(await openPdf(pdf)).toEqual({ ok: false, reason: 'password_required' });
    expect(await openPdf(pdf, 'ravi1508')).toEqual({ ok: false, reason: 'password_wrong' });
    expect(await openPdf(pdf, 'RAVI1508')).toEqual({
      ok: true,
      encrypted: true,
      pages: 1,
      revision: bits === 40 ? 2 : 3,
    });
    expect(await openPdf(pdf, 'bank-owner')).toMatchObject({ ok: true, encrypted: true });
  });
}

it('opens an AES-128 (revision 4, AESV2) PDF with its password', async () => {
  const pdf = await encryptPdfRc4(await makeProofPdf(), {
    userPassword: 'stmt-2026',
    ownerPassword: 'o',
    bits: 128,
    aes: true,
  });
  expect(await openPdf(pdf)).toEqual({ ok: false, reason: 'password_required' });
  expect(await openPdf(pdf, 'stmt-2025')).toEqual({ ok: false, reason: 'password_wrong' });
  expect(await openPdf(pdf, 'stmt-2026')).toEqual({ ok: true, encrypted: true, pages: 1, revision: 4 });
});

it('does not count a PDF as opened when its content does not decrypt with the password', async () => {
  const pdf = Buffer.from(
    await encryptPdfRc4(await makeProofPdf(), { userPassword: 'k', ownerPassword: 'o', bits: 128 }),
  );
  // damage the page's content stream: the password still matches /U, the page no longer opens
  const at = pdf.indexOf('stream\n', pdf.indexOf('/FlateDecode')) + 7;
  for (let i = at; i < at + 8; i++) pdf[i] = pdf[i]! ^ 0xff;
  expect(await openPdf(pdf, 'k')).toEqual({ ok: false, reason: 'unreadable' });
});

it('opens an AES-256 (revision 6) PDF with its password', async () => {
  const pdf = await encryptPdfAes256(await makeProofPdf(), 'pässword-1');
  expect(await openPdf(pdf)).toEqual({ ok: false, reason: 'password_required' });
  expect(await openPdf(pdf, 'password-1')).toEqual({ ok: false, reason: 'password_wrong' });
  expect(await openPdf(pdf, 'pässword-1')).toEqual({ ok: true, encrypted: true, pages: 1, revision: 6 });
});

it('needs no password when only an owner password restricts the PDF', async () => {
  const pdf = await encryptPdfRc4(await makeProofPdf(), { userPassword: '', ownerPassword: 'restrict', bits: 128 });
  expect(await openPdf(pdf)).toEqual({ ok: true, encrypted: true, pages: 1, revision: 3 });
});

it('judges a protected PDF once decrypted: script in an encrypted object stream is found', async () => {
  const pdf = encryptedObjectStreamPdf(JS_ACTION, { userPassword: 'stmt-2026', ownerPassword: 'bank-owner' });
  expect(await inspectPdf(pdf)).toEqual({ opened: { ok: false, reason: 'password_required' }, active: null });
  expect(await inspectPdf(pdf, 'stmt-2026')).toEqual({
    opened: { ok: true, encrypted: true, pages: 1, revision: 4 },
    active: 'JavaScript',
  });
  expect((await inspectPdf(pdf, 'bank-owner')).active).toBe('JavaScript');
});

it('refuses a web address opened by itself, not a link to click', async () => {
  const uri = '<< /S /URI /URI (https://bank.example/) >>';
  expect((await inspectPdf(encryptedObjectStreamPdf(uri, { userPassword: '', ownerPassword: 'o' }))).active).toBe(
    'URI',
  );
  const doc = await PDFDocument.load(await makeProofPdf());
  const link = doc.context.obj({
    Type: 'Annot',
    Subtype: 'Link',
    Rect: [0, 0, 100, 20],
    A: { S: 'URI', URI: PDFString.of('https://bank.example/') },
  });
  doc.getPage(0).node.set(PDFName.of('Annots'), doc.context.obj([doc.context.register(link)]));
  expect(await inspectPdf(await doc.save())).toMatchObject({ opened: { ok: true }, active: null });
});

it('is not a PDF unless the file starts with the PDF header', async () => {
  const polyglot = Buffer.concat([Buffer.from('<html><script>alert(1)</script></html>\n'), await makeProofPdf()]);
  expect((await inspectPdf(polyglot)).opened).toEqual({ ok: false, reason: 'unreadable' });
});

it('does not take the bytes of a stream (an image, a font) for an action', async () => {
  const doc = await PDFDocument.load(await makeProofPdf());
  // what a few megabytes of compressed image data spell sooner or later
  const image = doc.context.stream(Buffer.from('\x00\x91/JS\x07\xfe/JavaScript\x00/Launch\x01', 'latin1'), {
    Type: 'XObject',
    Subtype: 'Image',
    Width: 1,
    Height: 1,
    BitsPerComponent: 8,
    ColorSpace: 'DeviceGray',
  });
  doc.context.register(image);
  expect(await inspectPdf(await doc.save({ useObjectStreams: false }))).toMatchObject({
    opened: { ok: true },
    active: null,
  });
});

it('leaves stream data out of the syntax it scans, keyword by keyword', () => {
  expect(withoutStreamData('<< /Length 4 >>\nstream\r\n/JS1\nendstream\nendobj')).toBe(
    '<< /Length 4 >>\nstream endstream\nendobj',
  );
  // a keyword inside a longer word is not one; data runs to the first `endstream` that stands alone
  expect(withoutStreamData('/Upstream\n/JS')).toBe('/Upstream\n/JS');
  expect(withoutStreamData('stream\r/JS xendstream /Launch endstream /AA')).toBe('stream endstream /AA');
  expect(withoutStreamData('stream\na\nendstream /S stream\nb\nendstream')).toBe(
    'stream endstream /S stream endstream',
  );
  // no end of line after `stream`, or no `endstream` after it: syntax, kept as it is
  expect(withoutStreamData('stream /JS endstream')).toBe('stream /JS endstream');
  expect(withoutStreamData('stream\nx endstream\nstream\n/JS')).toBe('stream endstream\nstream\n/JS');
});

// the regular expression this replaces needed about a minute for one megabyte of these, and hours for 12
it('scans 12 MB of `stream` lines without `endstream` in one pass', { timeout: 20_000 }, () => {
  const syntax = 'stream\n'.repeat(12_000_000 / 7);
  expect(withoutStreamData(syntax)).toBe(syntax);
});

it('stops decoding a deflate bomb at the limit and calls the PDF too complex', async () => {
  const bomb = deflateBombPdf(64 * 1024 * 1024);
  expect(await inspectPdf(bomb, undefined, { maxDecodedBytes: 1024 * 1024 })).toEqual({
    opened: { ok: false, reason: 'too_complex' },
    active: null,
  });
  // within a budget it is an ordinary one-page PDF
  expect((await inspectPdf(bomb, undefined, { maxDecodedBytes: 128 * 1024 * 1024 })).opened).toMatchObject({
    ok: true,
    pages: 1,
  });
});
