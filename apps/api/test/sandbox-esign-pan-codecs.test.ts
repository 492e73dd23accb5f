/**
 * The sandbox ESP and PAN source read and write with their own codecs (sandbox/esign/esp-documents.ts,
 * sandbox/pan/opv-request.ts), checked against fixtures transcribed from public sources: an ASP's
 * eSign 2.1 request template, the EsignResp Protean's ESP posted on 4 Dec 2024 and an ESP's
 * refusal, and a public Protean OPV v4 integration. Changing any one coded field of a fixture
 * makes the comparison fail; the adapters' own documents must pass the sandbox's reading.
 */
import { readFileSync } from 'node:fs';
import { DOMParser } from '@xmldom/xmldom';
import { describe, expect, it } from 'vitest';
import { generateSandboxPki } from '../src/documents/signing/sandbox-pki.ts';
import { buildEsignXml, parseEsignRespXml } from '../src/providers/esign/esign-xml.ts';
import { ProteanPanVerifier } from '../src/providers/pan/protean.ts';
import { readAspRequest, writeEspResponse } from '../src/sandbox/esign/esp-documents.ts';
import { instantOfRequestTime, OPV_PATH, opvRequestSchema } from '../src/sandbox/pan/opv-request.ts';

type Pairs = [string, string][];
const load = <T>(file: string) =>
  JSON.parse(readFileSync(new URL(`./fixtures/providers/${file}`, import.meta.url), 'utf8')) as T;

const esign = load<{
  request: {
    root: string;
    attributes: Pairs;
    docs: string;
    inputHash: { element: string; attributes: Pairs; text: string };
    coded: string[];
  };
  response: { root: string; attributes: Pairs; children: string[]; docSignature: Pairs; coded: string[] };
  refusal: { attributes: Pairs; children: string[] };
}>('esign/esp-documents-transcribed.json');

const attrs = (pairs: Pairs) => pairs.map(([k, v]) => ` ${k}="${v}"`).join('');
/** The transcribed request as XML, with one attribute's value (or an element's name) replaced. */
function requestXml(change: { name?: string; value?: string; element?: string } = {}) {
  const r = esign.request;
  const swap = (pairs: Pairs) => pairs.map(([k, v]): [string, string] => [k, k === change.name ? change.value! : v]);
  const el = (name: string) => (name === change.element ? `${name}X` : name);
  return (
    `<${el(r.root)}${attrs(swap(r.attributes))}><${el(r.docs)}>` +
    `<${el(r.inputHash.element)}${attrs(swap(r.inputHash.attributes))}>${r.inputHash.text}</${el(r.inputHash.element)}>` +
    `</${el(r.docs)}></${el(r.root)}>`
  );
}

/** What a written EsignResp shows: its root, attributes in order (values of the coded ones), children, DocSignature's attributes. */
function responseShape(xml: string, coded: string[]) {
  const root = new DOMParser().parseFromString(xml, 'text/xml').documentElement!;
  const pairsOf = (e: { attributes: ArrayLike<{ name: string; value: string }> }): Pairs =>
    Array.from(e.attributes).map((a) => [a.name, coded.includes(a.name) ? a.value : '*']);
  const children = Array.from(root.childNodes)
    .filter((n) => n.nodeType === 1)
    .map((n) => (n as unknown as { localName: string }).localName);
  const doc = root.getElementsByTagName('DocSignature')[0];
  return { root: root.localName, attributes: pairsOf(root), children, docSignature: doc ? pairsOf(doc) : [] };
}
const fixtureShape = (
  f: { root: string; attributes: Pairs; children: string[]; docSignature: Pairs },
  coded: string[],
) => ({
  root: f.root,
  attributes: f.attributes.map(([k, v]): [string, string] => [k, coded.includes(k) ? v : '*']),
  children: f.children,
  docSignature: f.docSignature.map(([k, v]): [string, string] => [k, coded.includes(k) ? v : '*']),
});

describe("the sandbox ESP's reading of an ASP request", () => {
  it('reads the transcribed request', () => {
    expect(readAspRequest(requestXml())).toEqual({
      txn: 'UKC:eSign:3290:20241204115005938',
      ts: '2024-12-04T11:50:05',
      aspId: 'ASP-TEST',
      responseUrl: 'https://asp.example.in/esign/response',
      hashHex: esign.request.inputHash.text,
    });
  });

  it('refuses it when any one coded value or element name is changed', () => {
    for (const name of esign.request.coded)
      expect(() => readAspRequest(requestXml({ name, value: 'X' })), name).toThrow();
    for (const element of [esign.request.root, esign.request.docs, esign.request.inputHash.element])
      expect(() => readAspRequest(requestXml({ element })), element).toThrow();
  });

  it("reads the ASP adapter's own request", () => {
    const xml = buildEsignXml({
      ts: '2026-11-24T15:30:00',
      txn: 'T-1',
      aspId: 'ASP-1',
      responseUrl: 'https://broker.example/esign/response',
      inputHashHex: esign.request.inputHash.text,
      docInfo: 'Account opening form',
    });
    expect(readAspRequest(xml)).toMatchObject({ txn: 'T-1', hashHex: esign.request.inputHash.text });
  });
});

describe("the sandbox ESP's EsignResp", () => {
  const signed = writeEspResponse({
    txn: 'UKC:eSign:3290:20241204115005938',
    resCode: 'D2267EC05F8A49FE83B8E842C264A5AB',
    ts: '2024-12-04T11:55:23',
    outcome: { signed: true, certificateBase64: 'MIIB', cmsBase64: 'MIAG' },
  });
  const refused = writeEspResponse({
    txn: 't',
    resCode: 'r',
    ts: '2018-04-19T19:11:03.620',
    outcome: { signed: false, errCode: '112', errMsg: 'Aadhaar number does not have both email and mobile' },
  });
  const { coded } = esign.response;

  it("is shaped as Protean's ESP answer of Dec 2024, and a refusal as the public one", () => {
    expect(responseShape(signed, coded)).toEqual(fixtureShape(esign.response, coded));
    const refusalCoded = ['errCode', 'errMsg', 'status'];
    expect(responseShape(refused, refusalCoded)).toEqual(
      fixtureShape({ ...esign.refusal, root: 'EsignResp', docSignature: [] }, refusalCoded),
    );
  });

  it('differs from the fixture when any one of its coded values, names or children is changed', () => {
    const sent = responseShape(signed, coded);
    const r = esign.response;
    const variants = [
      ...r.attributes.map((_, i) => ({
        ...r,
        attributes: r.attributes.map((p, j): [string, string] => (i === j ? [`${p[0]}X`, p[1]] : p)),
      })),
      ...r.attributes
        .filter(([k]) => coded.includes(k))
        .map(([key]) => ({
          ...r,
          attributes: r.attributes.map(([k, v]): [string, string] => [k, k === key ? `${v}X` : v]),
        })),
      ...r.docSignature.map(([key]) => ({
        ...r,
        docSignature: r.docSignature.map(([k, v]): [string, string] => [k, k === key ? `${v}X` : v]),
      })),
      { ...r, children: [...r.children].reverse() },
      { ...r, root: 'EsignResponse' },
    ];
    for (const variant of variants) expect(sent).not.toEqual(fixtureShape(variant, coded));
  });

  it("is read by the ASP adapter's parser", () => {
    expect(parseEsignRespXml(signed)).toMatchObject({
      status: '1',
      txn: 'UKC:eSign:3290:20241204115005938',
      docSignature: 'MIAG',
    });
    expect(parseEsignRespXml(refused)).toMatchObject({ status: '0', errCode: '112' });
  });
});

describe("the sandbox PAN source's reading of an OPV v4 request", () => {
  const f = load<{ path: string; version: string; keys: string[]; inputDataKeys: string[] }>(
    'protean/opv-request-transcribed.json',
  );
  const body = (): Record<string, unknown> => ({
    User_ID: 'V0024301',
    Records_count: '1',
    Request_time: '2026-11-24T15:30:00',
    Transaction_ID: 'V0024301:1795000000000',
    Version: f.version,
    inputData: [Object.fromEntries(f.inputDataKeys.map((k) => [k, k === 'dob' ? '15/08/1990' : 'X']))],
    signature: 'c2ln',
  });

  it('is at the transcribed path and takes the transcribed body', () => {
    expect(OPV_PATH).toBe(f.path);
    expect(Object.keys(body())).toEqual(f.keys);
    expect(opvRequestSchema.safeParse(body()).success).toBe(true);
  });

  it('refuses the body when any one key is renamed or the version changed', () => {
    for (const key of f.keys) {
      const b = body();
      b[`${key}X`] = b[key];
      delete b[key];
      expect(opvRequestSchema.safeParse(b).success, key).toBe(false);
    }
    for (const key of f.inputDataKeys) {
      const b = body();
      const row = (b.inputData as Record<string, unknown>[])[0]!;
      row[`${key}X`] = row[key];
      delete row[key];
      expect(opvRequestSchema.safeParse(b).success, key).toBe(false);
    }
    expect(opvRequestSchema.safeParse({ ...body(), Version: '3' }).success).toBe(false);
    expect(opvRequestSchema.safeParse({ ...body(), Request_time: '24/11/2026 15:30:00' }).success).toBe(false);
  });

  it("takes the adapter's request, its Request_time read as Indian time", () => {
    const pki = generateSandboxPki();
    const at = new Date('2026-11-24T10:00:00Z');
    const request = new ProteanPanVerifier({
      baseUrl: 'https://opv.test',
      userId: 'V0123456',
      dsc: { keyPem: pki.asp.keyPem, certPem: pki.asp.certPem },
      now: () => at,
    }).buildRequest({ pan: 'ABCPS1234K', name: 'RAVI SHARMA', dob: '15/08/1990' });
    const parsed = opvRequestSchema.parse(request);
    expect(instantOfRequestTime(parsed.Request_time)).toBe(at.getTime());
  });
});
