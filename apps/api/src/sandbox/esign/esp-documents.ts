/**
 * The sandbox ESP's own reading of eSign API 2.1 documents, written from public ASP and ESP
 * material and not from the ASP adapter, so that an adapter that drifts from the format fails here:
 * - the ASP's request (code index id 23441279360, an ASP's 2.1 request template):
 *   `<Esign ver sc ts txn ekycId ekycIdType aspId AuthMode responseSigType ... responseUrl>` with
 *   `<Docs><InputHash id="1" hashAlgorithm="SHA256" docInfo="...">hex</InputHash></Docs>`;
 * - the ESP's answer as Protean's ESP posted it on 4 Dec 2024 (code index id 10023895702):
 *   `<EsignResp errCode="NA" errMsg="NA" resCode status="1" ts txn>` (attributes in that order),
 *   then `<UserX509Certificate>` (base64 DER) and `<Signatures><DocSignature error="" id="1"
 *   sigHashAlgorithm="SHA256">` (base64 CMS), the enveloped XML signature last; a refusal
 *   (code index id 31269795715) carries status "0", the errCode and errMsg, and no certificate.
 */
import type { Element } from '@xmldom/xmldom';
import { parseXmlStrict } from '../../documents/signing/xml-signature.ts';

const XMLDSIG = 'http://www.w3.org/2000/09/xmldsig#';

/** What the sandbox ESP needs from an ASP's request. */
export interface AspRequest {
  txn: string;
  ts: string;
  aspId: string;
  responseUrl: string;
  /** The document's SHA-256, lower-case hex. */
  hashHex: string;
}

/** The only child elements named `name` outside the XML signature. */
const children = (parent: Element, name: string) =>
  Array.from(parent.childNodes).filter(
    (n): n is Element =>
      n.nodeType === 1 && (n as Element).localName === name && (n as Element).namespaceURI !== XMLDSIG,
  );

/** Reads the signed text of an <Esign> request; throws on anything the ESP would refuse. */
export function readAspRequest(signedXml: string): AspRequest {
  const root = parseXmlStrict(signedXml).documentElement!;
  if (root.localName !== 'Esign') throw new Error('not an Esign request');
  const at = (name: string) => root.getAttribute(name) ?? '';
  if (at('ver') !== '2.1') throw new Error('eSign API version 2.1 only');
  if (at('responseSigType') !== 'pkcs7') throw new Error('responseSigType must be pkcs7');
  for (const required of ['ts', 'txn', 'aspId', 'responseUrl'])
    if (!at(required)) throw new Error(`${required} is missing`);
  const [docs, ...moreDocs] = children(root, 'Docs');
  if (!docs || moreDocs.length) throw new Error('one Docs element');
  const [hash, ...moreHashes] = children(docs, 'InputHash');
  if (!hash || moreHashes.length) throw new Error('one InputHash (this ESP signs one document)');
  if (hash.getAttribute('id') !== '1' || hash.getAttribute('hashAlgorithm') !== 'SHA256')
    throw new Error('InputHash id 1, hashAlgorithm SHA256');
  const hashHex = (hash.textContent ?? '').trim().toLowerCase();
  if (!/^[0-9a-f]{64}$/.test(hashHex)) throw new Error('InputHash is not a SHA-256 in hex');
  return { txn: at('txn'), ts: at('ts'), aspId: at('aspId'), responseUrl: at('responseUrl'), hashHex };
}

const escape = (s: string) =>
  s.replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c]!);

export type EspOutcome =
  { signed: true; certificateBase64: string; cmsBase64: string } | { signed: false; errCode: string; errMsg: string };

/** The unsigned <EsignResp>, shaped as Protean's ESP writes it; the caller envelopes the XML signature. */
export function writeEspResponse(r: { txn: string; resCode: string; ts: string; outcome: EspOutcome }): string {
  const o = r.outcome;
  const attributes: [string, string][] = [
    ['errCode', o.signed ? 'NA' : o.errCode],
    ['errMsg', o.signed ? 'NA' : o.errMsg],
    ['resCode', r.resCode],
    ['status', o.signed ? '1' : '0'],
    ['ts', r.ts],
    ['txn', r.txn],
  ];
  const body = o.signed
    ? `<UserX509Certificate>${o.certificateBase64}</UserX509Certificate>` +
      `<Signatures><DocSignature error="" id="1" sigHashAlgorithm="SHA256">${o.cmsBase64}</DocSignature></Signatures>`
    : '';
  return `<EsignResp${attributes.map(([k, v]) => ` ${k}="${escape(v)}"`).join('')}>${body}</EsignResp>`;
}
