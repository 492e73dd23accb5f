/**
 * Enveloped XML signatures (XML-DSig) with xml-crypto on @xmldom/xmldom: the eSign API 2.1
 * request and response, and DigiLocker's e-Aadhaar. Signing uses inclusive C14N, the enveloped
 * transform, RSA-SHA256 and the certificate in X509Data, as the ESPs' Java verifiers expect.
 * Verifying follows the algorithms the document's SignedInfo names (RSA-SHA1 or RSA-SHA256,
 * inclusive or exclusive C14N), whatever the prefix, declaration or whitespace, and hands back
 * only what the signature covers: the canonical form of the signed root element.
 */
import type { X509Certificate } from 'node:crypto';
import { createRequire } from 'node:module';
import type { Document, Element } from '@xmldom/xmldom';
import type { SignedXml } from 'xml-crypto';
import { certificateOf } from './certificate-chain.ts';
import { memo, privateKeyOf } from './parsed-keys.ts';

const require = createRequire(import.meta.url);
/** xml-crypto and @xmldom/xmldom load with the first XML signed or read, not at start-up. */
const loadSignedXml = () => (require('xml-crypto') as typeof import('xml-crypto')).SignedXml;
const loadDomParser = () => (require('@xmldom/xmldom') as typeof import('@xmldom/xmldom')).DOMParser;

const DSIG = 'http://www.w3.org/2000/09/xmldsig#';
export const XML_ALGORITHMS = {
  c14n: 'http://www.w3.org/TR/2001/REC-xml-c14n-20010315',
  excC14n: 'http://www.w3.org/2001/10/xml-exc-c14n#',
  enveloped: `${DSIG}enveloped-signature`,
  rsaSha1: `${DSIG}rsa-sha1`,
  rsaSha256: 'http://www.w3.org/2001/04/xmldsig-more#rsa-sha256',
  sha256: 'http://www.w3.org/2001/04/xmlenc#sha256',
} as const;

/** KeyInfo's X509Data for a certificate, built once (xml-crypto would parse the PEM on every signature). */
const keyInfoOf = memo((certPem) => loadSignedXml().getKeyInfoContent({ publicCert: certPem }));

/**
 * Signs a document: an enveloped <Signature> becomes the root's last child. eSign's defaults;
 * DigiLocker's e-Aadhaar shape is exclusive C14N with RSA-SHA1.
 */
export function signXmlEnveloped(
  xml: string,
  keyPem: string,
  certPem: string,
  shape: { canonicalization?: string; signature?: string } = {},
): string {
  const canonicalization = shape.canonicalization ?? XML_ALGORITHMS.c14n;
  const Signing = loadSignedXml();
  const sig = new Signing({
    privateKey: privateKeyOf(keyPem),
    publicCert: certPem,
    // no prefix is asked for here; with one, xml-crypto's own builder
    getKeyInfoContent: ({ prefix } = {}) =>
      prefix ? Signing.getKeyInfoContent({ publicCert: certPem, prefix }) : keyInfoOf(certPem),
    canonicalizationAlgorithm: canonicalization,
    signatureAlgorithm: shape.signature ?? XML_ALGORITHMS.rsaSha256,
  });
  sig.addReference({
    xpath: '/*',
    uri: '',
    isEmptyUri: true,
    transforms:
      canonicalization === XML_ALGORITHMS.c14n
        ? [XML_ALGORITHMS.enveloped]
        : [XML_ALGORITHMS.enveloped, canonicalization],
    digestAlgorithm: XML_ALGORITHMS.sha256,
  });
  sig.computeSignature(xml, { location: { reference: '/*', action: 'append' } });
  return sig.getSignedXml();
}

/** Parses untrusted XML strictly: no DOCTYPE (no entities), any parse error refuses it. */
export function parseXmlStrict(xml: string): Document {
  if (/<!DOCTYPE/i.test(xml)) throw new Error('a DOCTYPE is not accepted');
  const DOMParser = loadDomParser();
  const doc = new DOMParser({
    onError: (level, message) => {
      if (level !== 'warning') throw new Error(message);
    },
  }).parseFromString(xml.replace(/^\uFEFF/, ''), 'text/xml');
  if (!doc.documentElement) throw new Error('not an XML document');
  return doc;
}

export interface VerifiedXml {
  /** The signed root element, canonicalised: the only text to read fields from. */
  signedXml: string;
  /** The certificate whose key verified the signature. */
  signer: X509Certificate;
  /** Further certificates the signature's KeyInfo carried (possible intermediates). */
  brought: X509Certificate[];
}

/**
 * Verifies the one enveloped signature of a document over its whole root (Reference URI="").
 * The key comes from KeyInfo's X509Certificate, or, when KeyInfo carries none, from whichever of
 * `fallbackCerts` verifies; whether that certificate is trusted is the caller's decision (see
 * certificate-chain.ts).
 */
export function verifyXmlEnveloped(xml: string, fallbackCerts: X509Certificate[] = []): VerifiedXml {
  const doc = parseXmlStrict(xml);
  const root = doc.documentElement;
  const signatures = Array.from(doc.getElementsByTagNameNS(DSIG, 'Signature'));
  if (signatures.length === 0) throw new Error('the document is not signed');
  if (signatures.length > 1 || signatures[0]!.parentNode !== root)
    throw new Error('the document must carry one signature, enveloped in its root');
  const signature = signatures[0]!;
  const references = signature.getElementsByTagNameNS(DSIG, 'Reference');
  if (references.length !== 1 || (references[0]!.getAttribute('URI') ?? '') !== '')
    throw new Error('the signature must cover the whole document');

  const carried = Array.from(signature.getElementsByTagNameNS(DSIG, 'X509Certificate')).map((n) =>
    certificateOf(n.textContent ?? ''),
  );
  // the signer is the carried certificate that issued none of the others
  const leaf = carried.find((c) => !carried.some((o) => o !== c && o.checkIssued(c)));
  const candidates = leaf ? [leaf] : fallbackCerts;
  if (candidates.length === 0) throw new Error('the signature names no certificate');
  let failure: unknown;
  for (const signer of candidates)
    try {
      return checkWith(xml, signature, signer, carried);
    } catch (err) {
      failure = err;
    }
  throw failure;
}

function checkWith(xml: string, signature: Element, signer: X509Certificate, carried: X509Certificate[]): VerifiedXml {
  const Verifying = loadSignedXml();
  const sig: SignedXml = new Verifying({ publicCert: signer.publicKey, getCertFromKeyInfo: () => null });
  sig.loadSignature(signature as unknown as Parameters<SignedXml['loadSignature']>[0]);
  let valid = false;
  try {
    valid = sig.checkSignature(xml);
  } catch (err) {
    throw new Error(`the signature does not verify: ${err instanceof Error ? err.message : String(err)}`);
  }
  const signed = sig.getSignedReferences();
  if (!valid || signed.length !== 1) throw new Error('the signature does not verify');
  return { signedXml: signed[0]!, signer, brought: carried.filter((c) => c !== signer) };
}
