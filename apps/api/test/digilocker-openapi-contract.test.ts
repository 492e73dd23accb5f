/**
 * The production DigiLocker adapter against a mock server serving the official partner API
 * (test/fixtures/digilocker-authpartner.openapi.yaml, from API Setu's authpartner.yaml as mirrored
 * in APIs-guru/openapi-directory): every request is matched to an operation of the document (an
 * unknown path answers 404, as Prism does), its body and bearer checked against the document,
 * and every JSON answer is validated against the document's response schema before it is sent.
 */
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Ajv } from 'ajv';
import { parse as parseYaml } from 'yaml';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signXmlEnveloped, XML_ALGORITHMS } from '../src/documents/signing/xml-signature.ts';
import { certificateOf } from '../src/documents/signing/certificate-chain.ts';
import { generateSandboxPki, type SandboxPki } from '../src/documents/signing/sandbox-pki.ts';
import { eAadhaarVerifier } from '../src/providers/digilocker/create.ts';
import { MeripehchaanDigilocker } from '../src/providers/digilocker/meripehchaan.ts';
import { runTool } from './support/system-tool.ts';

type Schema = Record<string, unknown>;
interface Operation {
  parameters?: { in: string; name: string; required?: boolean }[];
  security?: unknown[];
  requestBody?: { content: Record<string, { schema: Schema }> };
  responses: Record<string, { content?: Record<string, { schema: Schema }> }>;
}
const spec = parseYaml(
  readFileSync(path.join(import.meta.dirname, 'fixtures/digilocker-authpartner.openapi.yaml'), 'utf8'),
) as { paths: Record<string, Record<string, Operation>>; components: { schemas: Record<string, Schema> } };

/** OpenAPI 3.0 schema to JSON Schema for ajv: local $refs resolved, annotations ajv does not know dropped. */
function jsonSchema(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(jsonSchema);
  if (!schema || typeof schema !== 'object') return schema;
  const s = schema as Schema;
  if (typeof s.$ref === 'string') return jsonSchema(spec.components.schemas[s.$ref.split('/').pop()!]);
  return Object.fromEntries(
    Object.entries(s)
      .filter(([k]) => !['example', 'format', 'description', 'title'].includes(k))
      .map(([k, v]) => [
        k,
        k === 'properties'
          ? Object.fromEntries(Object.entries(v as Schema).map(([p, ps]) => [p, jsonSchema(ps)]))
          : jsonSchema(v),
      ]),
  );
}
const ajv = new Ajv({ allErrors: true, strict: false });
const validate = (schema: Schema, value: unknown) => {
  const check = ajv.compile(jsonSchema(schema) as object);
  return check(value) ? null : ajv.errorsText(check.errors);
};

/** The document's own example of a schema, each value of the type the schema declares. */
function example(schema: Schema): Record<string, unknown> {
  const props = (jsonSchema(schema) as Schema).properties as Record<string, Schema>;
  const raw = (spec.components.schemas.AccessResponse as Schema).properties as Record<string, Schema>;
  return Object.fromEntries(
    Object.entries(props).map(([name, p]) => {
      const ex = raw[name]?.example ?? (p.enum as unknown[] | undefined)?.[0] ?? '';
      return [name, p.type === 'integer' ? Number(ex) : String(ex)];
    }),
  );
}

function matchOperation(method: string, pathname: string): { op: Operation; params: Record<string, string> } | null {
  for (const [template, ops] of Object.entries(spec.paths)) {
    const names: string[] = [];
    const re = new RegExp(`^${template.replace(/\{(\w+)\}/g, (_m, n: string) => (names.push(n), '([^/]+)'))}$`);
    const m = re.exec(pathname);
    const op = ops[method.toLowerCase()];
    if (m && op) return { op, params: Object.fromEntries(names.map((n, i) => [n, decodeURIComponent(m[i + 1]!)])) };
  }
  return null;
}

const TOKEN = 'bc125c212a4b03a9a188a858be5a163f379e878a';
let pki: SandboxPki;
let server: Server;
let base: string;
const seen: string[] = [];
/** What the mock answers: tests change these. */
const answer = { tokenDob: 31121970 as number | string, eAadhaar: '', pan: '' };

const readBody = async (req: IncomingMessage) => {
  const chunks: Buffer[] = [];
  for await (const c of req) chunks.push(c as Buffer);
  return Buffer.concat(chunks).toString('utf8');
};

beforeAll(async () => {
  pki = generateSandboxPki();
  server = createServer((req, res) => {
    void (async () => {
      const url = new URL(req.url!, 'http://mock');
      seen.push(`${req.method} ${url.pathname}`);
      const send = (status: number, body: unknown, type = 'application/json') => {
        res.writeHead(status, { 'content-type': type });
        res.end(typeof body === 'string' ? body : JSON.stringify(body));
      };
      const matched = matchOperation(req.method!, url.pathname);
      if (!matched) return send(404, { type: 'NO_PATH_MATCHED_ERROR', title: 'Route not resolved, no path matched' });
      const { op } = matched;
      for (const p of op.parameters ?? [])
        if (p.in === 'query' && p.required && !url.searchParams.get(p.name))
          return send(422, { title: `query parameter ${p.name} is required` });
      if (op.security && req.headers.authorization !== `Bearer ${TOKEN}`)
        return send(401, { error: 'invalid_token', error_description: 'The access token is invalid' });
      if (op.requestBody) {
        const type = String(req.headers['content-type']).split(';')[0]!;
        const media = op.requestBody.content[type];
        if (!media) return send(415, { title: `unsupported content type ${type}` });
        const raw = await readBody(req);
        const body = type === 'application/json' ? JSON.parse(raw) : Object.fromEntries(new URLSearchParams(raw));
        const problem = validate(media.schema, body);
        if (problem) return send(422, { title: problem });
      }
      const ok = op.responses['200']!;
      if (url.pathname === '/oauth2/1/authorize') return send(200, '<html>DigiLocker sign in</html>', 'text/html');
      if (url.pathname === '/oauth2/1/token') {
        const body = { ...example(spec.components.schemas.AccessResponse!), dob: answer.tokenDob };
        const problem = validate(ok.content!['application/json']!.schema, body);
        if (problem && typeof answer.tokenDob === 'number') throw new Error(`mock answer off the document: ${problem}`);
        return send(200, body);
      }
      if (url.pathname === '/oauth2/2/files/issued') {
        const body = {
          items: [
            {
              name: 'Aadhaar Card',
              type: 'file',
              size: '',
              date: '2026-11-24T10:00:00Z',
              parent: '',
              mime: ['application/xml', 'application/pdf'],
              uri: 'in.gov.uidai-ADHAR-1234abcd',
              doctype: 'ADHAR',
              description: 'Aadhaar Card',
              issuerid: 'in.gov.uidai',
              issuer: 'UIDAI',
            },
            {
              name: 'PAN Verification Record',
              type: 'file',
              size: '',
              date: '2026-11-24T10:00:00Z',
              parent: '',
              mime: ['application/xml'],
              uri: 'in.gov.pan-PANCR-ABCPS1234K',
              doctype: 'PANCR',
              description: 'PAN Verification Record',
              issuerid: 'in.gov.pan',
              issuer: 'Income Tax Department',
            },
          ],
          resource: '/oauth2/2/files/issued',
        };
        const problem = validate(ok.content!['application/json']!.schema, body);
        if (problem) throw new Error(`mock answer off the document: ${problem}`);
        return send(200, body);
      }
      if (url.pathname === '/oauth2/2/xml/eaadhaar') return send(200, answer.eAadhaar, 'application/xml');
      if (url.pathname.startsWith('/oauth2/1/xml/')) return send(200, answer.pan, 'application/xml');
      return send(500, { error: 'unexpected_error' });
    })().catch((err: unknown) => {
      res.writeHead(500, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ error: String(err) }));
    });
  });
  // an idle connection stays open while a test spends seconds making keys on a busy machine: the
  // server closing it as the client reuses it would fail the next call ("fetch failed")
  server.keepAliveTimeout = 120_000;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

const adapter = () =>
  new MeripehchaanDigilocker({
    baseUrl: base,
    authorizeBaseUrl: base,
    clientId: 'ABCDEFG',
    clientSecret: 'a123456abcdeghijk7890',
    redirectUri: 'https://broker.example.in/ekyc1/returnurl',
    verifyEAadhaar: eAadhaarVerifier({
      roots: [pki.caCertPem],
      signer: { fingerprints: [], subjects: [certificateOf(pki.digilocker.certPem).subject] },
    }),
  });

const E_AADHAAR_BODY = (dob: string, name = 'Asha Rao') =>
  `<KycRes code="0b3c" ret="Y" ts="2026-11-24T15:46:10.000+05:30" ttl="2027-11-24T15:46:10" txn="UKC:digilocker:1">` +
  `<UidData tkn="01000" uid="xxxxxxxx9527"><Poi dob="${dob}" gender="F" name="${name}"/>` +
  `<Poa co="D/O Ravi Rao" country="India" dist="Bengaluru" house="12" lm="" loc="Indiranagar" pc="560038" po="" state="Karnataka" street="MG Road" subdist="" vtc="Bengaluru"/>` +
  `<LData/><Pht>/9j/4AAQ</Pht></UidData></KycRes>`;
/** An e-Aadhaar as DigiLocker sends it: Certificate/CertificateData/KycRes, exclusive C14N and RSA-SHA1. */
const signedEAadhaar = (inner: string, wrap = true) =>
  signXmlEnveloped(
    wrap
      ? `<Certificate language="99" name="Aadhaar Card" type="ADHAR" number="xxxxxxxx9527" status="A"><CertificateData>${inner}</CertificateData></Certificate>`
      : inner,
    pki.digilocker.keyPem,
    pki.digilocker.certPem,
    { canonicalization: XML_ALGORITHMS.excC14n, signature: XML_ALGORITHMS.rsaSha1 },
  );

describe('DigiLocker partner API (official OpenAPI document, mock server)', () => {
  it('sends the browser to authorize with a GET the document accepts', async () => {
    const url = adapter().authorizeUrl({ state: 'st-1', codeChallenge: 'abc' });
    const res = await fetch(url);
    expect(res.status).toBe(200);
    expect(seen.at(-1)).toBe('GET /oauth2/1/authorize');
  });

  it('reads the token answer with dob as the integer the document declares', async () => {
    answer.tokenDob = 31121970;
    const profile = await adapter().exchangeCode({ code: 'ca82123a', codeVerifier: 'a123456abca' });
    expect(profile).toMatchObject({ accessToken: TOKEN, dob: '31/12/1970', name: 'Sunil Kumar', gender: 'M' });
  });

  it('pads an integer dob that lost its leading zero, and reads a string dob', async () => {
    answer.tokenDob = 1011990;
    expect((await adapter().exchangeCode({ code: 'c', codeVerifier: 'v' })).dob).toBe('01/01/1990');
    answer.tokenDob = '05101996';
    expect((await adapter().exchangeCode({ code: 'c', codeVerifier: 'v' })).dob).toBe('05/10/1996');
  });

  it('lists the issued documents', async () => {
    const docs = await adapter().issuedDocuments(TOKEN);
    expect(docs.map((d) => d.doctype)).toEqual(['ADHAR', 'PANCR']);
  });

  it('falls back to /oauth2/2/xml/eaadhaar when /3/ is not there, verifies it and keeps the signed XML', async () => {
    answer.eAadhaar = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n${signedEAadhaar(E_AADHAAR_BODY('05-10-1996'))}`;
    seen.length = 0;
    const aadhaar = await adapter().eAadhaar(TOKEN);
    expect(seen).toEqual(['GET /oauth2/3/xml/eaadhaar', 'GET /oauth2/2/xml/eaadhaar']);
    expect(aadhaar).toMatchObject({ uidLast4: '9527', name: 'Asha Rao', dob: '05/10/1996', pincode: '560038' });
    expect(aadhaar.signedXml).toBe(answer.eAadhaar);
  });

  it('reads KycRes at the root (the document’s shape) with an ISO date of birth', async () => {
    answer.eAadhaar = signedEAadhaar(E_AADHAAR_BODY('1996-10-05'), false);
    expect(await adapter().eAadhaar(TOKEN)).toMatchObject({ name: 'Asha Rao', dob: '05/10/1996' });
  });

  it('accepts an e-Aadhaar signed by xmlsec1 the way NeGD signs it (exclusive C14N, RSA-SHA1, SHA-256 digest)', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'eaadhaar-'));
    const template =
      `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<Certificate language="99" name="Aadhaar Card" type="ADHAR">` +
      `<CertificateData>${E_AADHAAR_BODY('05-10-1996')}</CertificateData>` +
      `<Signature xmlns="http://www.w3.org/2000/09/xmldsig#"><SignedInfo>` +
      `<CanonicalizationMethod Algorithm="http://www.w3.org/2001/10/xml-exc-c14n#"/>` +
      `<SignatureMethod Algorithm="http://www.w3.org/2000/09/xmldsig#rsa-sha1"/><Reference URI=""><Transforms>` +
      `<Transform Algorithm="http://www.w3.org/2000/09/xmldsig#enveloped-signature"/>` +
      `<Transform Algorithm="http://www.w3.org/2001/10/xml-exc-c14n#"/></Transforms>` +
      `<DigestMethod Algorithm="http://www.w3.org/2001/04/xmlenc#sha256"/><DigestValue/></Reference></SignedInfo>` +
      `<SignatureValue/><KeyInfo><X509Data><X509Certificate/></X509Data></KeyInfo></Signature></Certificate>\n`;
    writeFileSync(path.join(dir, 'template.xml'), template);
    writeFileSync(path.join(dir, 'negd.key'), pki.digilocker.keyPem);
    writeFileSync(path.join(dir, 'negd.crt'), pki.digilocker.certPem);
    const signed = runTool(
      'xmlsec1',
      ['--sign', '--privkey-pem', 'negd.key,negd.crt', '--output', 'signed.xml', 'template.xml'],
      { cwd: dir },
    );
    expect(signed.status, signed.stderr).toBe(0);
    answer.eAadhaar = readFileSync(path.join(dir, 'signed.xml'), 'utf8');
    expect(await adapter().eAadhaar(TOKEN)).toMatchObject({ name: 'Asha Rao', uidLast4: '9527' });
    answer.eAadhaar = answer.eAadhaar.replace('pc="560038"', 'pc="560039"');
    await expect(adapter().eAadhaar(TOKEN)).rejects.toThrow(/e-Aadhaar signature/);
  });

  it('refuses an e-Aadhaar changed after signing, or signed by someone else', async () => {
    answer.eAadhaar = signedEAadhaar(E_AADHAAR_BODY('05-10-1996')).replace('Asha Rao', 'Usha Rao');
    await expect(adapter().eAadhaar(TOKEN)).rejects.toThrow(/e-Aadhaar signature/);
    const other = generateSandboxPki();
    answer.eAadhaar = signXmlEnveloped(E_AADHAAR_BODY('05-10-1996'), other.digilocker.keyPem, other.digilocker.certPem);
    await expect(adapter().eAadhaar(TOKEN)).rejects.toThrow(/not from a trusted authority/);
    answer.eAadhaar = E_AADHAAR_BODY('05-10-1996');
    await expect(adapter().eAadhaar(TOKEN)).rejects.toThrow(/not signed/);
  });

  it('refuses a wrapped e-Aadhaar: an unsigned KycRes with another name where a reader looks first', async () => {
    const genuine = signedEAadhaar(E_AADHAAR_BODY('05-10-1996'));
    // the signed Certificate tucked inside a new root whose own KycRes names someone else
    const wrapped = E_AADHAAR_BODY('01-01-1980', 'Mallory Attacker').replace(
      '<LData/>',
      `<LData/><Object>${genuine}</Object>`,
    );
    // the signature over the whole document no longer verifies
    answer.eAadhaar = wrapped;
    await expect(adapter().eAadhaar(TOKEN)).rejects.toThrow(/e-Aadhaar signature/);
    // a verifier that finds the signed element inside the document (as one following an ID
    // reference does) vouches for it: the document still reads otherwise, and is refused
    const verify = eAadhaarVerifier({
      roots: [pki.caCertPem],
      signer: { fingerprints: [], subjects: [certificateOf(pki.digilocker.certPem).subject] },
    });
    const locating = new MeripehchaanDigilocker({
      baseUrl: base,
      authorizeBaseUrl: base,
      clientId: 'ABCDEFG',
      clientSecret: 'a123456abcdeghijk7890',
      redirectUri: 'https://broker.example.in/ekyc1/returnurl',
      verifyEAadhaar: (xml) => verify(/<Certificate[\s>][\s\S]*<\/Certificate>/.exec(xml)?.[0] ?? xml),
    });
    await expect(locating.eAadhaar(TOKEN)).rejects.toThrow(/reads otherwise than its signed content/);
    // the genuine document through the same verifier reads the signed fields
    answer.eAadhaar = genuine;
    expect(await locating.eAadhaar(TOKEN)).toMatchObject({ name: 'Asha Rao', dob: '05/10/1996', uidLast4: '9527' });
  });

  it('reads an e-Aadhaar carrying comments (outside the signature) from its signed content', async () => {
    // exclusive C14N without comments leaves comments out of the digest: they may be added
    answer.eAadhaar = signedEAadhaar(E_AADHAAR_BODY('05-10-1996'))
      .replace(
        '<CertificateData>',
        '<CertificateData><!-- <KycRes><UidData><Poi name="Mallory"/></UidData></KycRes> -->',
      )
      .replace('<Poa ', '<!-- note --><Poa ');
    expect(await adapter().eAadhaar(TOKEN)).toMatchObject({ name: 'Asha Rao', pincode: '560038' });
  });

  it('reads the PAN record, with an ISO date too', async () => {
    answer.pan = `<Certificate number="ABCPS1234K"><IssuedTo><Person name="ASHA RAO" dob="1996-10-05"/></IssuedTo></Certificate>`;
    expect(await adapter().panDocument(TOKEN, 'in.gov.pan-PANCR-ABCPS1234K')).toEqual({
      panNumber: 'ABCPS1234K',
      name: 'ASHA RAO',
      dob: '05/10/1996',
    });
  });
});
