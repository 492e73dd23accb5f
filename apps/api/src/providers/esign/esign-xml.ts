/**
 * eSign API 2.1 documents (PROVIDERS.md): the ASP's <Esign> request and the service's <EsignResp>,
 * each carrying an enveloped XML signature. Signing and verifying are xml-crypto's
 * (documents/signing/xml-signature.ts); this file builds and reads the documents. A response's
 * fields are read only from the canonical XML its signature covers.
 */
import type { Element } from '@xmldom/xmldom';
import { parseXmlStrict } from '../../documents/signing/xml-signature.ts';

export const xmlEscape = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' })[c]!);

const attrs = (values: Record<string, string | number | undefined>) =>
  Object.entries(values)
    .filter(([, v]) => v !== undefined)
    .map(([k, v]) => ` ${k}="${xmlEscape(String(v))}"`)
    .join('');

export interface EsignRequest {
  ts: string;
  txn: string;
  aspId: string;
  responseUrl: string;
  inputHashHex: string;
  docInfo: string;
}

/** The <Esign> request as the C-DAC/Protean/eMudhra ASP samples send it (ekycId empty: OTP by the ESP). */
export function buildEsignXml(r: EsignRequest): string {
  return (
    `<Esign${attrs({ ver: '2.1', sc: 'Y', ts: r.ts, txn: r.txn, ekycId: '', ekycIdType: 'A', aspId: r.aspId, AuthMode: '1', responseSigType: 'pkcs7', responseUrl: r.responseUrl })}>` +
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

const DSIG = 'http://www.w3.org/2000/09/xmldsig#';

/** The first descendant element with this local name outside any XML signature. */
function descendant(root: Element, localName: string): Element | undefined {
  return Array.from(root.getElementsByTagName('*')).find((e) => e.localName === localName && e.namespaceURI !== DSIG);
}

const base64Text = (e: Element | undefined) => (e?.textContent ?? '').replace(/\s+/g, '');

function rootNamed(xml: string, localName: string): Element {
  const root = parseXmlStrict(xml).documentElement!;
  if (root.localName !== localName) throw new Error('not an eSign response');
  return root;
}

export function parseEsignRespXml(xml: string): EsignResponse {
  const root = rootNamed(xml, 'EsignResp');
  const attr = (name: string) => root.getAttribute(name) ?? '';
  const present = (name: string) => root.hasAttribute(name) && attr(name) !== 'NA' && attr(name) !== '';
  const userCert = descendant(root, 'UserX509Certificate');
  const docSignature = descendant(root, 'DocSignature');
  return {
    status: attr('status') === '1' ? '1' : '0',
    ts: attr('ts'),
    txn: attr('txn'),
    resCode: attr('resCode'),
    ...(present('errCode') && { errCode: attr('errCode') }),
    ...(present('errMsg') && { errMsg: attr('errMsg') }),
    ...(userCert && { userCertificate: base64Text(userCert) }),
    ...(docSignature && { docSignature: base64Text(docSignature) }),
  };
}
