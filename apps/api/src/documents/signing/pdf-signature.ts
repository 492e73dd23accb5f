/**
 * The PDF side of Aadhaar eSign (eSign API 2.1 shape): a signature placeholder in the form, the
 * SHA-256 of its ByteRange (the InputHash sent to the e-sign service), and the service's CMS
 * (DocSignature) embedded into the placeholder. @signpdf does the ByteRange arithmetic in both
 * steps, so the hash sent and the bytes signed are computed by the same code. @signpdf loads with
 * the first form prepared, not at start-up.
 */
import { createHash } from 'node:crypto';
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);

/** Room for the CMS: the signer's certificate chain plus the signature, in bytes. */
const SIGNATURE_LENGTH = 12_000;

export function addSignaturePlaceholder(pdf: Buffer, info: { name: string; reason: string; location: string }): Buffer {
  const { plainAddPlaceholder, SUBFILTER_ADOBE_PKCS7_DETACHED } = signpdf();
  const prepared = plainAddPlaceholder({
    pdfBuffer: pdf,
    reason: info.reason,
    contactInfo: '',
    name: info.name,
    location: info.location,
    signatureLength: SIGNATURE_LENGTH,
    subFilter: SUBFILTER_ADOBE_PKCS7_DETACHED,
    // a PDF name: no spaces (/Prop_Build /App /Name)
    appName: 'eKYC-onboarding',
  });
  return startxrefAtXref(prepared);
}

/**
 * @signpdf's incremental update writes a newline before its `xref` keyword but points startxref
 * at that newline; qpdf reports "extraneous whitespace seen before xref". Points it at the keyword
 * (before any hash is taken: the ByteRange is laid out when the CMS is embedded).
 */
function startxrefAtXref(pdf: Buffer): Buffer {
  const text = pdf.toString('latin1');
  const at = text.lastIndexOf('startxref');
  const match = /^startxref\s+(\d+)/.exec(text.slice(at));
  if (at < 0 || !match) return pdf;
  let offset = Number(match[1]);
  while (/\s/.test(text[offset] ?? '')) offset += 1;
  if (offset === Number(match[1]) || !text.startsWith('xref', offset)) return pdf;
  return Buffer.from(`${text.slice(0, at)}startxref\n${offset}${text.slice(at + match[0].length)}`, 'latin1');
}

/** @signpdf's three packages, and the two signers this file gives it, made on first use. */
function loadSignpdf() {
  const { plainAddPlaceholder } = require('@signpdf/placeholder-plain') as typeof import('@signpdf/placeholder-plain');
  const { SignPdf } = require('@signpdf/signpdf') as typeof import('@signpdf/signpdf');
  const { Signer, SUBFILTER_ADOBE_PKCS7_DETACHED } = require('@signpdf/utils') as typeof import('@signpdf/utils');

  /** Records the hash of what would be signed; signs nothing. */
  class DigestProbe extends Signer {
    digest: Buffer | null = null;
    override async sign(content: Buffer): Promise<Buffer> {
      this.digest = createHash('sha256').update(content).digest();
      return Buffer.alloc(1);
    }
  }

  /** Hands over the CMS the e-sign service returned, once the bytes are those whose hash was sent. */
  class PresignedCms extends Signer {
    constructor(
      private readonly cms: Buffer,
      private readonly inputHash: Buffer,
    ) {
      super();
    }
    override async sign(content: Buffer): Promise<Buffer> {
      if (!createHash('sha256').update(content).digest().equals(this.inputHash))
        throw new Error('the document changed after its hash was sent for signing');
      return this.cms;
    }
  }
  return { plainAddPlaceholder, SignPdf, SUBFILTER_ADOBE_PKCS7_DETACHED, DigestProbe, PresignedCms };
}
let loaded: ReturnType<typeof loadSignpdf> | undefined;
const signpdf = () => (loaded ??= loadSignpdf());

/** The InputHash of eSign 2.1: SHA-256 over the ByteRange of the prepared PDF. */
export async function byteRangeDigest(preparedPdf: Buffer): Promise<Buffer> {
  const { SignPdf, DigestProbe } = signpdf();
  const probe = new DigestProbe();
  await new SignPdf().sign(preparedPdf, probe);
  return probe.digest!;
}

export async function embedCms(preparedPdf: Buffer, cms: Buffer, inputHash: Buffer): Promise<Buffer> {
  const { SignPdf, PresignedCms } = signpdf();
  return new SignPdf().sign(preparedPdf, new PresignedCms(cms, inputHash));
}

/** The CMS and the signed bytes of a signed PDF (its ByteRange), for checks. */
export function extractSignature(signedPdf: Buffer): { cms: Buffer; signedContent: Buffer; byteRange: number[] } {
  const match = /\/ByteRange\s*\[\s*(\d+)\s+(\d+)\s+(\d+)\s+(\d+)\s*\]/.exec(signedPdf.toString('latin1'));
  if (!match) throw new Error('no signature in this PDF');
  const byteRange = match.slice(1, 5).map(Number);
  const [a, b, c, d] = byteRange as [number, number, number, number];
  const signedContent = Buffer.concat([signedPdf.subarray(a, a + b), signedPdf.subarray(c, c + d)]);
  const hex = signedPdf.subarray(a + b + 1, c - 1).toString('latin1');
  const cms = Buffer.from(hex, 'hex');
  return { cms: trimDer(cms), signedContent, byteRange };
}

/** The placeholder is zero-padded: keep the DER object's own length. */
function trimDer(bytes: Buffer): Buffer {
  if (bytes[0] !== 0x30) return bytes;
  const first = bytes[1]!;
  if (first < 0x80) return bytes.subarray(0, 2 + first);
  const n = first & 0x7f;
  let len = 0;
  for (let i = 0; i < n; i++) len = len * 256 + bytes[2 + i]!;
  return bytes.subarray(0, 2 + n + len);
}
