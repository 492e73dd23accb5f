/**
 * DigiLocker authorised-partner API (PROVIDERS.md): /oauth2/1/authorize, /oauth2/1/token,
 * /oauth2/2/files/issued, /oauth2/3/xml/eaadhaar and /oauth2/1/xml/{uri}. Full Aadhaar numbers
 * never leave this file: the uid is reduced to its last four digits while parsing.
 */
import { isDeepStrictEqual } from 'node:util';
import type { XMLParser } from 'fast-xml-parser';
import { xmlParser } from '../../lib/xml-parser.ts';
import { z } from 'zod';
import { fetchJson, type FetchLike, ProviderError, providerFetch } from '../http.ts';
import type { DigilockerClient, DigilockerProfile, EAadhaar, IssuedDocument, PanDocument } from './port.ts';

export interface DigilockerOptions {
  /** API base, e.g. https://digilocker.meripehchaan.gov.in/public */
  baseUrl: string;
  /** Where the browser goes for consent (the same host in production; the sandbox page otherwise). */
  authorizeBaseUrl: string;
  clientId: string;
  clientSecret: string;
  redirectUri: string;
  fetch?: FetchLike;
  /**
   * Checks the e-Aadhaar's XML signature (NeGD's certificate chained to CCA India); throws if it
   * fails. Resolves to what the signature's Reference covers (its canonical form): the only text
   * the fields are read from.
   */
  verifyEAadhaar: (signedXml: string) => Promise<string>;
}

const tokenSchema = z.looseObject({
  access_token: z.string(),
  digilockerid: z.string().optional(),
  digilocker_id: z.string().optional(),
  name: z.string().optional().default(''),
  // the official schema (AccessResponse) declares dob an integer (DDMMYYYY, leading zero lost); some send a string
  dob: z
    .union([z.string(), z.number().int().nonnegative()])
    .optional()
    .transform((v) => (typeof v === 'number' ? String(v).padStart(8, '0') : (v ?? ''))),
  gender: z.string().optional().default(''),
});

const filesSchema = z.object({
  items: z.array(
    z.looseObject({
      name: z.string().optional().default(''),
      uri: z.string(),
      doctype: z.string().optional().default(''),
      issuer: z.string().optional().default(''),
    }),
  ),
});

/** DDMMYYYY, DD-MM-YYYY or ISO YYYY-MM-DD to dd/mm/yyyy. */
export function toDdMmYyyy(value: string): string {
  const iso = /^(\d{4})-(\d{2})-(\d{2})(?:$|T)/.exec(value.trim());
  if (iso) return `${iso[3]}/${iso[2]}/${iso[1]}`;
  const digits = value.replace(/\D/g, '');
  return digits.length === 8 ? `${digits.slice(0, 2)}/${digits.slice(2, 4)}/${digits.slice(4)}` : '';
}

/** The last four digits of a uid, whether it arrives masked or (wrongly) in full. */
export const lastFour = (uid: string) => uid.replace(/\D/g, '').slice(-4);

let parser: XMLParser | undefined;
const xml = () =>
  (parser ??= xmlParser({
    ignoreAttributes: false,
    attributeNamePrefix: '',
    parseAttributeValue: false,
    parseTagValue: false,
  }));
const attr = (node: unknown, name: string): string => {
  if (!node || typeof node !== 'object') return '';
  const v = (node as Record<string, unknown>)[name];
  return typeof v === 'string' ? v.trim() : '';
};
const child = (node: unknown, name: string): unknown =>
  node && typeof node === 'object' ? (node as Record<string, unknown>)[name] : undefined;

/** Reads the e-Aadhaar: KycRes inside Certificate/CertificateData (DigiLocker) or at the root (the official schema). */
export function parseEAadhaar(body: string): EAadhaar {
  const doc = xml().parse(body) as unknown;
  const kyc = child(doc, 'KycRes') ?? child(child(child(doc, 'Certificate'), 'CertificateData'), 'KycRes');
  const uidData = child(kyc, 'UidData');
  if (!uidData) throw new ProviderError('e-Aadhaar XML without UidData');
  const poi = child(uidData, 'Poi');
  const poa = child(uidData, 'Poa');
  const pht = child(uidData, 'Pht');
  const photo = typeof pht === 'string' && pht.trim() ? Buffer.from(pht.trim(), 'base64') : null;
  return {
    uidLast4: lastFour(attr(uidData, 'uid')),
    name: attr(poi, 'name'),
    dob: toDdMmYyyy(attr(poi, 'dob')),
    gender: attr(poi, 'gender'),
    careOf: attr(poa, 'co'),
    house: attr(poa, 'house'),
    street: attr(poa, 'street'),
    landmark: attr(poa, 'lm'),
    locality: attr(poa, 'loc'),
    vtc: attr(poa, 'vtc'),
    postOffice: attr(poa, 'po'),
    subDistrict: attr(poa, 'subdist'),
    district: attr(poa, 'dist'),
    state: attr(poa, 'state'),
    pincode: attr(poa, 'pc'),
    country: attr(poa, 'country') || 'India',
    photoJpeg: photo,
    signedXml: null,
  };
}

export function parsePanXml(body: string): PanDocument {
  const doc = xml().parse(body) as unknown;
  const cert = child(doc, 'Certificate');
  const person = child(child(cert, 'IssuedTo'), 'Person');
  return {
    panNumber: attr(cert, 'number'),
    name: attr(person, 'name') || attr(cert, 'name'),
    dob: toDdMmYyyy(attr(person, 'dob')),
  };
}

export class MeripehchaanDigilocker implements DigilockerClient {
  constructor(private readonly o: DigilockerOptions) {}

  authorizeUrl({ state, codeChallenge }: { state: string; codeChallenge: string }): string {
    const q = new URLSearchParams({
      response_type: 'code',
      client_id: this.o.clientId,
      redirect_uri: this.o.redirectUri,
      state,
      code_challenge: codeChallenge,
      code_challenge_method: 'S256',
      req_doctype: 'PANCR,ADHAR',
      purpose: 'kyc',
    });
    return `${this.o.authorizeBaseUrl}/oauth2/1/authorize?${q}`;
  }

  async exchangeCode({ code, codeVerifier }: { code: string; codeVerifier: string }): Promise<DigilockerProfile> {
    const raw = await fetchJson(`${this.o.baseUrl}/oauth2/1/token`, {
      method: 'POST',
      form: {
        grant_type: 'authorization_code',
        code,
        client_id: this.o.clientId,
        client_secret: this.o.clientSecret,
        redirect_uri: this.o.redirectUri,
        code_verifier: codeVerifier,
      },
      fetch: this.o.fetch,
    });
    const t = tokenSchema.safeParse(raw);
    if (!t.success) throw new ProviderError('DigiLocker token answered an unexpected body');
    return {
      accessToken: t.data.access_token,
      digilockerId: t.data.digilockerid ?? t.data.digilocker_id ?? '',
      name: t.data.name,
      dob: toDdMmYyyy(t.data.dob),
      gender: t.data.gender,
    };
  }

  async issuedDocuments(accessToken: string): Promise<IssuedDocument[]> {
    const raw = await fetchJson(`${this.o.baseUrl}/oauth2/2/files/issued`, {
      headers: { authorization: `Bearer ${accessToken}` },
      fetch: this.o.fetch,
    });
    const parsed = filesSchema.safeParse(raw);
    if (!parsed.success) throw new ProviderError('DigiLocker files answered an unexpected body');
    return parsed.data.items.map((i) => ({ uri: i.uri, doctype: i.doctype, name: i.name, issuer: i.issuer }));
  }

  private async text(path: string, accessToken: string): Promise<string> {
    const res = await (this.o.fetch ?? providerFetch)(`${this.o.baseUrl}${path}`, {
      method: 'GET',
      headers: { authorization: `Bearer ${accessToken}`, accept: 'application/xml' },
      signal: AbortSignal.timeout(15_000),
    });
    const body = await res.text();
    if (!res.ok) {
      let parsed: unknown = body;
      try {
        parsed = JSON.parse(body);
      } catch {
        // XML or text error body
      }
      throw new ProviderError(`GET ${path.split('?')[0]} answered ${res.status}`, res.status, parsed);
    }
    return body;
  }

  /**
   * /oauth2/3/xml/eaadhaar (every current integration), or /oauth2/2/ (the published spec) when
   * the host answers 404. The XML signature is verified before anything is read, the fields are
   * read from what it covers, and the signed XML is kept as evidence when it carries no full
   * Aadhaar number.
   */
  async eAadhaar(accessToken: string): Promise<EAadhaar> {
    let body: string;
    try {
      body = await this.text('/oauth2/3/xml/eaadhaar', accessToken);
    } catch (err) {
      if (!(err instanceof ProviderError) || err.status !== 404) throw err;
      body = await this.text('/oauth2/2/xml/eaadhaar', accessToken);
    }
    let signed: string;
    try {
      signed = await this.o.verifyEAadhaar(body);
    } catch (err) {
      throw new ProviderError(`e-Aadhaar signature: ${err instanceof Error ? err.message : String(err)}`);
    }
    // The fields come from the signed content alone; a document whose whole text reads otherwise
    // (an unsigned element where a reader looks first: signature wrapping) is refused.
    const parsed = parseEAadhaar(signed);
    let whole: EAadhaar | null = null;
    try {
      whole = parseEAadhaar(body);
    } catch {
      // no UidData where the reader looks: compared below as a difference
    }
    if (!isDeepStrictEqual(whole, parsed))
      throw new ProviderError('e-Aadhaar signature: the document reads otherwise than its signed content');
    const fullUid = /\buid="\d{12}"/.test(body);
    return { ...parsed, signedXml: fullUid ? null : body };
  }

  async panDocument(accessToken: string, uri: string): Promise<PanDocument> {
    return parsePanXml(await this.text(`/oauth2/1/xml/${encodeURIComponent(uri)}`, accessToken));
  }
}
