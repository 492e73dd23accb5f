/**
 * eSign API 2.1 documents (PROVIDERS.md): the ASP's <Esign> request and the service's <EsignResp>,
 * each carrying an enveloped XML signature (RSA-SHA256). Documents are produced here already in
 * canonical form (no declaration, no whitespace between elements, attributes in a fixed order),
 * so the enveloped-signature transform is the removal of <Signature>. A service whose responses
 * are not in that form needs a full C14N implementation in verifyEnvelopedSignature.
 */
import { createHash, createSign, createVerify } from 'node:crypto';
import { privateKeyOf, x509Of } from '../../documents/signing/parsed-keys.ts';
import { XMLParser } from 'fast-xml-parser';

const DSIG = 'http://www.w3.org/2000/09/xmldsig#';

export const xmlEscape = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' })[c]!);

const attrs = (values: Record<string, string | number | undefined>) =>
  Object.entries(values)
    .filter(([, v]) => v !== undefined)
    .map(([k, v]) => ` ${k}="${xmlEscape(String(v))}"`)
    .join('');

const pemBody = (pem: string) => pem.replace(/-----[^-]+-----/g, '').replace(/\s+/g, '');

/** Signs a canonical XML document: an enveloped <Signature> goes in before the root's end tag. */
export function signEnveloped(xml: string, keyPem: string, certPem: string): string {
  const digest = createHash('sha256').update(xml).digest('base64');
  const signedInfo =
    `<SignedInfo xmlns="${DSIG}"><CanonicalizationMethod Algorithm="http://www.w3.org/TR/2001/REC-xml-c14n-20010315"/>` +
    `<SignatureMethod Algorithm="http://www.w3.org/2001/04/xmldsig-more#rsa-sha256"/><Reference URI=""><Transforms>` +
    `<Transform Algorithm="${DSIG}enveloped-signature"/></Transforms><DigestMethod Algorithm="http://www.w3.org/2001/04/xmlenc#sha256"/>` +
    `<DigestValue>${digest}</DigestValue></Reference></SignedInfo>`;
  const value = createSign('sha256').update(signedInfo).sign(privateKeyOf(keyPem), 'base64');
  const signature =
    `<Signature xmlns="${DSIG}">${signedInfo}<SignatureValue>${value}</SignatureValue>` +
    `<KeyInfo><X509Data><X509Certificate>${pemBody(certPem)}</X509Certificate></X509Data></KeyInfo></Signature>`;
  const end = xml.lastIndexOf('</');
  return `${xml.slice(0, end)}${signature}${xml.slice(end)}`;
}

/** Verifies an enveloped signature against one trusted certificate; returns the document without it. */
export function verifyEnvelopedSignature(signedXml: string, trustedCertPem: string): string {
  const start = signedXml.indexOf('<Signature ');
  const endTag = '</Signature>';
  const end = signedXml.indexOf(endTag, start);
  if (start < 0 || end < 0) throw new Error('the document is not signed');
  const signature = signedXml.slice(start, end + endTag.length);
  const document = signedXml.slice(0, start) + signedXml.slice(end + endTag.length);
  const signedInfo = /<SignedInfo[\s\S]*<\/SignedInfo>/.exec(signature)?.[0];
  const digest = /<DigestValue>([^<]+)<\/DigestValue>/.exec(signature)?.[1];
  const value = /<SignatureValue>([^<]+)<\/SignatureValue>/.exec(signature)?.[1];
  if (!signedInfo || !digest || !value) throw new Error('the signature is incomplete');
  if (createHash('sha256').update(document).digest('base64') !== digest) throw new Error('the document was changed');
  const cert = x509Of(trustedCertPem);
  if (!createVerify('sha256').update(signedInfo).verify(cert.publicKey, value, 'base64'))
    throw new Error('the signature is not from the trusted party');
  return document;
}

export interface EsignRequest {
  ts: string;
  txn: string;
  aspId: string;
  responseUrl: string;
  inputHashHex: string;
  docInfo: string;
}

export function buildEsignXml(r: EsignRequest): string {
  return (
    `<Esign${attrs({ ver: '2.1', sc: 'Y', ts: r.ts, txn: r.txn, ekycIdType: 'A', aspId: r.aspId, AuthMode: '1', responseSigType: 'pkcs7', responseUrl: r.responseUrl })}>` +
    `<Docs><InputHash${attrs({ id: '1', hashAlgorithm: 'SHA256', docInfo: r.docInfo })}>${r.inputHashHex}</InputHash></Docs></Esign>`
  );
}

export interface EsignResponse {
  status: '1' | '0';
  ts: string;
  txn: string;
  resCode: string;
  errCode?: string;
  errMsg?: string;
  userCertificate?: string;
  /** base64 CMS */
  docSignature?: string;
}

export function buildEsignRespXml(r: EsignResponse): string {
  const body =
    r.status === '1'
      ? `<UserX509Certificate>${r.userCertificate ?? ''}</UserX509Certificate><Signatures><DocSignature id="1" sigHashAlgorithm="SHA256">${r.docSignature ?? ''}</DocSignature></Signatures>`
      : '';
  return `<EsignResp${attrs({ status: r.status, ts: r.ts, txn: r.txn, resCode: r.resCode, errCode: r.errCode ?? 'NA', errMsg: r.errMsg ?? 'NA' })}>${body}</EsignResp>`;
}

const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '',
  parseAttributeValue: false,
  parseTagValue: false,
  processEntities: true,
});

type Node = Record<string, unknown>;
const text = (v: unknown): string =>
  typeof v === 'string' ? v : typeof v === 'object' && v && '#text' in v ? String((v as Node)['#text']) : '';

export function parseEsignXml(xml: string): EsignRequest {
  const root = (parser.parse(xml) as Node).Esign as Node | undefined;
  const hash = ((root?.Docs as Node | undefined)?.InputHash ?? null) as Node | null;
  if (!root || !hash) throw new Error('not an eSign request');
  return {
    ts: String(root.ts ?? ''),
    txn: String(root.txn ?? ''),
    aspId: String(root.aspId ?? ''),
    responseUrl: String(root.responseUrl ?? ''),
    inputHashHex: text(hash).trim(),
    docInfo: String(hash.docInfo ?? ''),
  };
}

export function parseEsignRespXml(xml: string): EsignResponse {
  const root = (parser.parse(xml) as Node).EsignResp as Node | undefined;
  if (!root) throw new Error('not an eSign response');
  const signatures = root.Signatures as Node | undefined;
  const status = String(root.status) === '1' ? '1' : '0';
  return {
    status,
    ts: String(root.ts ?? ''),
    txn: String(root.txn ?? ''),
    resCode: String(root.resCode ?? ''),
    ...(root.errCode !== undefined && root.errCode !== 'NA' && { errCode: String(root.errCode) }),
    ...(root.errMsg !== undefined && root.errMsg !== 'NA' && { errMsg: String(root.errMsg) }),
    ...(root.UserX509Certificate !== undefined && { userCertificate: text(root.UserX509Certificate).trim() }),
    ...(signatures?.DocSignature !== undefined && { docSignature: text(signatures.DocSignature).trim() }),
  };
}
