/**
 * eSign API 2.1 XML signatures against an independent verifier, xmlsec1 (Debian's xmlsec1, the
 * XML Security Library with OpenSSL): the <Esign> request this application signs verifies in
 * xmlsec1 the way an ESP's Java XMLSignature verifies it; <EsignResp> documents signed by xmlsec1
 * in the shapes ESPs send (compact, pretty-printed with a declaration, a ds: prefix, RSA-SHA1 and
 * RSA-SHA256) are accepted, and changed ones are refused.
 */
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { certificateOf, trustAnchorsOf } from '../src/documents/signing/certificate-chain.ts';
import { createDetachedCms } from '../src/documents/signing/cms.ts';
import { generateSandboxPki, type SandboxPki } from '../src/documents/signing/sandbox-pki.ts';
import { CcaEsignGateway } from '../src/providers/esign/cca-esign.ts';
import { runTool } from './support/system-tool.ts';

const dir = mkdtempSync(path.join(tmpdir(), 'esign-xml-'));
let pki: SandboxPki;
let stranger: SandboxPki;
const INPUT_HASH = Buffer.alloc(32, 7);

const write = (name: string, text: string) => {
  writeFileSync(path.join(dir, name), text);
  return path.join(dir, name);
};

/** xmlsec1's verdict: its exit status and what it printed (it reports on stderr). */
function xmlsec1(args: string[]): { ok: boolean; output: string } {
  const run = runTool('xmlsec1', args, { cwd: dir });
  return { ok: run.status === 0, output: `${run.stdout}${run.stderr}` };
}

const gateway = (espCertPem?: string) =>
  new CcaEsignGateway({
    espUrl: 'https://esp.example.in/esign/2.1/signdoc',
    aspId: 'TEST-ASP',
    keys: () => ({
      aspKeyPem: pki.asp.keyPem,
      aspCertPem: pki.asp.certPem,
      espCerts: [certificateOf(espCertPem ?? pki.esp.certPem)],
      anchors: trustAnchorsOf([pki.caCertPem]),
    }),
  });

const ALG = {
  sha1: { sig: 'http://www.w3.org/2000/09/xmldsig#rsa-sha1', digest: 'http://www.w3.org/2000/09/xmldsig#sha1' },
  sha256: {
    sig: 'http://www.w3.org/2001/04/xmldsig-more#rsa-sha256',
    digest: 'http://www.w3.org/2001/04/xmlenc#sha256',
  },
};

/** An <EsignResp> template in one ESP shape, signed by xmlsec1 with the given key and certificate. */
function signedByXmlsec1(
  shape: {
    pretty: boolean;
    declaration: boolean;
    prefix: string;
    alg: keyof typeof ALG;
    txn?: string;
    keyValueOnly?: boolean;
  },
  signer: { keyPem: string; certPem: string } = pki.esp,
): string {
  const cms = createDetachedCms({
    digest: INPUT_HASH,
    keyPem: pki.esp.keyPem,
    certPem: pki.esp.certPem,
    chainPems: [pki.caCertPem],
  }).toString('base64');
  const p = shape.prefix ? `${shape.prefix}:` : '';
  const ns = shape.prefix ? `xmlns:${shape.prefix}` : 'xmlns';
  const nl = shape.pretty ? '\n' : '';
  const ind = (n: number) => (shape.pretty ? '  '.repeat(n) : '');
  const a = ALG[shape.alg];
  const wrapped = shape.pretty ? cms.replace(/(.{76})/g, '$1\n') : cms;
  const xml =
    (shape.declaration ? '<?xml version="1.0" encoding="UTF-8" standalone="no"?>\n' : '') +
    `<EsignResp errCode="NA" errMsg="NA" resCode="ESP0001" status="1" ts="2026-11-24T11:12:03.620" txn="${shape.txn ?? 'ASP0001'}">${nl}` +
    `${ind(1)}<UserX509Certificate>${pki.esp.certPem.replace(/-----[^-]+-----|\s+/g, '')}</UserX509Certificate>${nl}` +
    `${ind(1)}<Signatures>${nl}${ind(2)}<DocSignature error="" id="1" sigHashAlgorithm="SHA256">${wrapped}</DocSignature>${nl}${ind(1)}</Signatures>${nl}` +
    `${ind(1)}<${p}Signature ${ns}="http://www.w3.org/2000/09/xmldsig#">${nl}` +
    `${ind(2)}<${p}SignedInfo>${nl}` +
    `${ind(3)}<${p}CanonicalizationMethod Algorithm="http://www.w3.org/TR/2001/REC-xml-c14n-20010315"/>${nl}` +
    `${ind(3)}<${p}SignatureMethod Algorithm="${a.sig}"/>${nl}` +
    `${ind(3)}<${p}Reference URI="">${nl}${ind(4)}<${p}Transforms>${nl}` +
    `${ind(5)}<${p}Transform Algorithm="http://www.w3.org/2000/09/xmldsig#enveloped-signature"/>${nl}` +
    `${ind(4)}</${p}Transforms>${nl}${ind(4)}<${p}DigestMethod Algorithm="${a.digest}"/>${nl}` +
    `${ind(4)}<${p}DigestValue></${p}DigestValue>${nl}${ind(3)}</${p}Reference>${nl}${ind(2)}</${p}SignedInfo>${nl}` +
    `${ind(2)}<${p}SignatureValue></${p}SignatureValue>${nl}` +
    (shape.keyValueOnly
      ? `${ind(2)}<${p}KeyInfo><${p}KeyValue/></${p}KeyInfo>${nl}`
      : `${ind(2)}<${p}KeyInfo>${nl}${ind(3)}<${p}X509Data>${nl}${ind(4)}<${p}X509Certificate/>${nl}${ind(3)}</${p}X509Data>${nl}${ind(2)}</${p}KeyInfo>${nl}`) +
    `${ind(1)}</${p}Signature>${nl}</EsignResp>${nl}`;
  const template = write('template.xml', xml);
  const key = write('signer.key', signer.keyPem);
  const cert = write('signer.crt', signer.certPem);
  const out = path.join(dir, 'signed.xml');
  const signed = xmlsec1(['--sign', '--privkey-pem', `${key},${cert}`, '--output', out, template]);
  if (!signed.ok) throw new Error(`xmlsec1 could not sign: ${signed.output}`);
  return readFileSync(out, 'utf8');
}

beforeAll(() => {
  pki = generateSandboxPki();
  stranger = generateSandboxPki();
  write('ca.pem', pki.caCertPem);
});

describe('the <Esign> request', () => {
  it('verifies in xmlsec1 against the authority that issued the ASP certificate, and a changed byte does not', () => {
    const form = gateway().signingForm({
      txn: 'ASP0001',
      inputHash: INPUT_HASH,
      docInfo: 'Account opening form EP01 & co',
      responseUrl: 'https://broker.example.in/api/v1/ekyc/esign-response',
    });
    const request = form.fields.eSignRequest!;
    expect(request).toMatch(/^<Esign [^>]*ekycId="" /);
    expect(request).toContain('Algorithm="http://www.w3.org/TR/2001/REC-xml-c14n-20010315"');
    expect(request).toContain('<X509Certificate>');
    const verified = xmlsec1(['--verify', '--trusted-pem', 'ca.pem', write('request.xml', request)]);
    expect(verified.output).toContain('OK');
    expect(verified.ok).toBe(true);

    const tampered = request.replace('ASP0001', 'ASP0002');
    expect(xmlsec1(['--verify', '--trusted-pem', 'ca.pem', write('tampered.xml', tampered)]).ok).toBe(false);
  });

  it('names the request field per ESP (msg for Protean)', () => {
    const protean = new CcaEsignGateway({
      espUrl: 'https://esp.example.in/nsdl-esp/authenticate/esign-doc/',
      aspId: 'TEST-ASP',
      formField: 'msg',
      keys: () => ({
        aspKeyPem: pki.asp.keyPem,
        aspCertPem: pki.asp.certPem,
        espCerts: [],
        anchors: trustAnchorsOf([pki.caCertPem]),
      }),
    });
    const form = protean.signingForm({
      txn: 'ASP0003',
      inputHash: INPUT_HASH,
      docInfo: 'x',
      responseUrl: 'https://b/r',
    });
    expect(Object.keys(form.fields)).toEqual(['msg', 'aspTxnID', 'Content-Type']);
  });
});

describe('an <EsignResp> signed by xmlsec1', () => {
  const shapes = [
    { name: 'compact, RSA-SHA256', pretty: false, declaration: false, prefix: '', alg: 'sha256' as const },
    {
      name: 'pretty-printed with a declaration, RSA-SHA256',
      pretty: true,
      declaration: true,
      prefix: '',
      alg: 'sha256' as const,
    },
    {
      name: 'pretty-printed with a ds: prefix, RSA-SHA256',
      pretty: true,
      declaration: true,
      prefix: 'ds',
      alg: 'sha256' as const,
    },
    { name: 'compact, RSA-SHA1 (older ESPs)', pretty: false, declaration: false, prefix: '', alg: 'sha1' as const },
    {
      name: 'pretty-printed with a ds: prefix, RSA-SHA1',
      pretty: true,
      declaration: true,
      prefix: 'ds',
      alg: 'sha1' as const,
    },
  ];
  for (const shape of shapes)
    it(`is accepted: ${shape.name}`, async () => {
      const xml = signedByXmlsec1(shape);
      expect(xmlsec1(['--verify', '--trusted-pem', 'ca.pem', path.join(dir, 'signed.xml')]).ok).toBe(true);
      const result = await gateway().readResponse(xml);
      expect(result).toMatchObject({ ok: true, txn: 'ASP0001' });
      if (result.ok) expect(result.cms.subarray(0, 1)[0]).toBe(0x30);
    });

  it('is accepted without a certificate in KeyInfo, from whichever pinned ESP certificate verifies it', async () => {
    const xml = signedByXmlsec1({ ...shapes[1]!, keyValueOnly: true });
    expect(xml).not.toMatch(/<X509Certificate>/);
    expect(xml).toContain('<RSAKeyValue>');
    const rotating = new CcaEsignGateway({
      espUrl: 'https://esp.example.in/esign/2.1/signdoc',
      aspId: 'TEST-ASP',
      keys: () => ({
        aspKeyPem: pki.asp.keyPem,
        aspCertPem: pki.asp.certPem,
        // an older ESP certificate first, the current one second
        espCerts: [certificateOf(pki.asp.certPem), certificateOf(pki.esp.certPem)],
        anchors: trustAnchorsOf([pki.caCertPem]),
      }),
    });
    expect(await rotating.readResponse(xml)).toMatchObject({ ok: true, txn: 'ASP0001' });
  });

  it('is refused when the txn was changed after signing', async () => {
    const xml = signedByXmlsec1(shapes[0]!).replace('txn="ASP0001"', 'txn="ASP0009"');
    await expect(gateway().readResponse(xml)).rejects.toThrow(/does not verify/);
  });

  it('is refused when one character of the DocSignature was changed', async () => {
    const xml = signedByXmlsec1(shapes[2]!);
    const at = xml.indexOf('<DocSignature') + 120;
    const flipped = xml.slice(0, at) + (xml[at] === 'A' ? 'B' : 'A') + xml.slice(at + 1);
    await expect(gateway().readResponse(flipped)).rejects.toThrow(/does not verify/);
  });

  it('is refused when an attribute of a pretty-printed answer was changed', async () => {
    const xml = signedByXmlsec1(shapes[1]!).replace('status="1"', 'status="0"');
    await expect(gateway().readResponse(xml)).rejects.toThrow(/does not verify/);
  });

  it('is refused when signed by a certificate that is not the ESP', async () => {
    const xml = signedByXmlsec1(shapes[0]!, stranger.esp);
    await expect(gateway().readResponse(xml)).rejects.toThrow(/not signed by the configured e-sign service/);
  });

  it('is refused when the ESP certificate does not chain to the trusted root', async () => {
    const xml = signedByXmlsec1(shapes[0]!, stranger.esp);
    await expect(gateway(stranger.esp.certPem).readResponse(xml)).rejects.toThrow(/not from a trusted authority/);
  });

  it('is refused when a second, unsigned answer is wrapped around the signed one', async () => {
    const signed = signedByXmlsec1(shapes[0]!);
    const wrapped = `<EsignResp status="1" txn="ASP0666"><Wrapper>${signed}</Wrapper></EsignResp>`;
    await expect(gateway().readResponse(wrapped)).rejects.toThrow();
  });
});
