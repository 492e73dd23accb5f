/**
 * Protean (NSDL) Online PAN Verification, API version 4, as public integrations send it:
 * POST <base>/TIN/PanInquiryAPIBackEnd with
 * `{User_ID, Records_count, Request_time "yyyy-MM-ddTHH:mm:ss" (IST), Transaction_ID
 * "<User_ID>:<time>", Version "4", inputData: [{pan, name, fathername, dob DD/MM/YYYY}], signature}`
 * where `signature` is, over the `inputData` JSON and with the DSC the broker registered at Protean,
 * either a PKCS#7 (CMS) signature (detached by default, attached if Protean asks) or, as the newer
 * public integrations send it, a plain SHA256withRSA (RSASSA-PKCS1-v1_5) signature in base64 —
 * the form is chosen once, by PAN_SIGNATURE.
 * The answer: `response_Code` ("1" success) and `outputData [{pan, pan_status, name Y|N,
 * fathername, dob Y|N, seeding_status}]`. Codes 3, 18, 19 and 33 are this installation's fault
 * (credentials, certificate, signature, clock), reported as such, never as "PAN not found".
 */
import { createHash, sign } from 'node:crypto';
import type Forge from 'node-forge';
import { loadForge } from '../../documents/signing/forge.ts';
import { createDetachedCms } from '../../documents/signing/cms.ts';
import { z } from 'zod';
import { fetchJson, type FetchLike, ProviderError } from '../http.ts';
import type { PanCheckInput, PanCheckResult, PanVerifier } from './port.ts';

export const PROTEAN_PATH = '/TIN/PanInquiryAPIBackEnd';
export const PROTEAN_VERSION = '4';

/** How `signature` is made (PAN_SIGNATURE): PKCS#7 detached or attached, or a plain SHA256withRSA. */
export const PAN_SIGNATURE_METHODS = ['detached', 'attached', 'sha256withrsa'] as const;
export type PanSignatureMethod = (typeof PAN_SIGNATURE_METHODS)[number];

/** The broker's DSC: private key and certificate, PEM. */
export interface Dsc {
  keyPem: string;
  certPem: string;
}

export interface ProteanOptions {
  baseUrl: string;
  userId: string;
  dsc: Dsc;
  /** Protean's document for the account decides; a detached PKCS#7 unless configured otherwise. */
  signature?: PanSignatureMethod;
  fetch?: FetchLike;
  now?: () => Date;
}

/** Protean's response codes that mean the request itself was refused. */
export const PROTEAN_CODES: Record<string, string> = {
  '1': 'success',
  '2': 'system error',
  '3': 'authentication failure: User_ID not authorised',
  '4': 'User_ID not authorised for this API',
  '5': 'no PANs in the request',
  '6': 'more PANs in the request than allowed',
  '18': 'User_ID and certificate do not match (register the DSC with Protean)',
  '19': 'signature missing or not verifiable',
  '33': "Request_time is not within 30 minutes of Protean's clock",
};

const replySchema = z.looseObject({
  response_Code: z.union([z.string(), z.number()]).transform(String),
  outputData: z
    .array(
      z.looseObject({
        pan: z.string(),
        pan_status: z.string(),
        name: z.string().optional().default('N'),
        fathername: z.string().optional(),
        dob: z.string().optional().default('N'),
        seeding_status: z.string().optional().default(''),
      }),
    )
    .optional()
    .default([]),
});

/** Valid statuses: E, and E with an event (EA, EC, ... ES, EU). */
const isValidStatus = (status: string) => /^E[A-Z]?$/.test(status);

/** `yyyy-MM-ddTHH:mm:ss` in Indian time, as Protean compares it with its own clock. */
export function proteanTime(d: Date): string {
  return new Date(d.getTime() + 5.5 * 3600_000).toISOString().slice(0, 19);
}

/** PKCS#7 SignedData over the text, SHA-256, signed attributes, the DSC certificate included. */
export function signPkcs7(text: string, dsc: Dsc, attached = false): string {
  // detached (the default): the shared CMS builder, whose RSA signature is Node's own (node-forge
  // signs in JavaScript, tens of milliseconds a call on the event loop)
  if (!attached)
    return createDetachedCms({
      digest: createHash('sha256').update(text, 'utf8').digest(),
      keyPem: dsc.keyPem,
      certPem: dsc.certPem,
      chainPems: [],
    }).toString('base64');
  const forge = loadForge();
  const p7 = forge.pkcs7.createSignedData();
  p7.content = forge.util.createBuffer(text, 'utf8');
  const certificate = forge.pki.certificateFromPem(dsc.certPem);
  p7.addCertificate(certificate);
  p7.addSigner({
    key: forge.pki.privateKeyFromPem(dsc.keyPem),
    certificate,
    digestAlgorithm: forge.pki.oids.sha256!,
    authenticatedAttributes: [
      { type: forge.pki.oids.contentType!, value: forge.pki.oids.data! },
      { type: forge.pki.oids.messageDigest! },
      { type: forge.pki.oids.signingTime! },
    ],
  });
  p7.sign({ detached: !attached });
  return Buffer.from(forge.asn1.toDer(p7.toAsn1()).getBytes(), 'binary').toString('base64');
}

/** RSASSA-PKCS1-v1_5 with SHA-256 over the UTF-8 text (Java's SHA256withRSA), base64. */
export function signSha256WithRsa(text: string, dsc: Dsc): string {
  return sign('sha256', Buffer.from(text, 'utf8'), dsc.keyPem).toString('base64');
}

/** The DSC from a PKCS#12 (.pfx) file and its password, read once at start. */
export function dscFromPfx(pfx: Buffer, password: string): Dsc {
  const forge = loadForge();
  const p12 = forge.pkcs12.pkcs12FromAsn1(forge.asn1.fromDer(pfx.toString('binary')), password);
  const keyBag =
    p12.getBags({ bagType: forge.pki.oids.pkcs8ShroudedKeyBag! })[forge.pki.oids.pkcs8ShroudedKeyBag!]?.[0] ??
    p12.getBags({ bagType: forge.pki.oids.keyBag! })[forge.pki.oids.keyBag!]?.[0];
  const certBags = p12.getBags({ bagType: forge.pki.oids.certBag! })[forge.pki.oids.certBag!] ?? [];
  if (!keyBag?.key) throw new Error('the PFX holds no private key');
  const key = keyBag.key as Forge.pki.rsa.PrivateKey;
  const cert = certBags.map((b) => b.cert).find((c) => c && (c.publicKey as Forge.pki.rsa.PublicKey).n.equals(key.n));
  if (!cert) throw new Error('the PFX holds no certificate for its private key');
  return { keyPem: forge.pki.privateKeyToPem(key), certPem: forge.pki.certificateToPem(cert) };
}

export class ProteanPanVerifier implements PanVerifier {
  constructor(private readonly o: ProteanOptions) {}

  /** The request body, signature included (also what the sandbox reads). */
  buildRequest(input: PanCheckInput) {
    const now = (this.o.now ?? (() => new Date()))();
    const inputData = [{ pan: input.pan, name: input.name, fathername: '', dob: input.dob }];
    return {
      User_ID: this.o.userId,
      Records_count: String(inputData.length),
      Request_time: proteanTime(now),
      Transaction_ID: `${this.o.userId}:${now.getTime()}`,
      Version: PROTEAN_VERSION,
      inputData,
      signature: this.sign(JSON.stringify(inputData)),
    };
  }

  private sign(text: string): string {
    const method = this.o.signature ?? 'detached';
    return method === 'sha256withrsa'
      ? signSha256WithRsa(text, this.o.dsc)
      : signPkcs7(text, this.o.dsc, method === 'attached');
  }

  async verify(input: PanCheckInput): Promise<PanCheckResult> {
    const raw = await fetchJson(`${this.o.baseUrl}${PROTEAN_PATH}`, {
      method: 'POST',
      body: this.buildRequest(input),
      fetch: this.o.fetch,
    });
    const parsed = replySchema.safeParse(raw);
    if (!parsed.success) throw new ProviderError('PAN verification answered an unexpected body');
    const code = parsed.data.response_Code;
    if (code !== '1')
      throw new ProviderError(
        `PAN verification refused the request: code ${code} (${PROTEAN_CODES[code] ?? 'unknown'})`,
        502,
        { response_Code: code },
      );
    const row = parsed.data.outputData.find((r) => r.pan === input.pan);
    if (!row || row.pan_status === 'N') return { found: false };
    return {
      found: true,
      status: row.pan_status,
      valid: isValidStatus(row.pan_status),
      nameMatches: row.name === 'Y',
      dobMatches: row.dob === 'Y',
      aadhaarSeeding: row.seeding_status,
    };
  }
}
