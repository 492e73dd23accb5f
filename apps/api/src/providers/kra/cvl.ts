/**
 * CVL KRA "KYC Status API" version 2.6 (live `https://api.kracvl.com/int/api`, UAT
 * `https://krapancheck.cvlindia.com/V3/api`), as public integrations call it:
 * - every body is AES-256-CBC with the AES key CVL issues (base64url), a fresh 16-byte IV, and
 *   written `base64url(iv):base64url(ciphertext)`, sent as a JSON string;
 * - `POST /GetToken` (header `api_key`) with `{username, poscode, password}` → `{success: "1", token}`;
 * - `POST /SolicitPANDetailsFetchALLKRA` (header `Token`) with `{APP_REQ_ROOT: {APP_PAN_INQ:
 *   {APP_PAN_NO, APP_DOB_INCORP (DD-MM-YYYY), APP_POS_CODE, APP_RTA_CODE, APP_KRA_CODE, FETCH_TYPE}}}`
 *   → `{resdtls: "iv:cipher"}` holding the KYC record (`KYC_DATA` or `APP_PAN_INQ`) with the
 *   three-digit `APP_STATUS`. This one call asks every KRA (CVL, NDML, CAMS, KFin, DOTEX).
 */
import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { z } from 'zod';
import { fetchJson, type FetchLike, ProviderError } from '../http.ts';
import type { KraLookup, KraRecord } from './port.ts';

export const CVL_LIVE_URL = 'https://api.kracvl.com/int/api';

export interface CvlOptions {
  baseUrl: string;
  apiKey: string;
  /** The AES-256 key CVL issues, base64url (32 bytes). */
  aesKey: Buffer;
  userName: string;
  posCode: string;
  password: string;
  fetch?: FetchLike;
}

/**
 * The three-digit statuses of CVL's documentation (KYC Status API 2.6, section 4): the meaning,
 * and whether the KYC can be reused. 888 and 999 are answers about the enquiry, not a KYC.
 */
export const KRA_STATUSES: Record<string, { label: string; reusable: boolean }> = {
  '000': { label: 'Not checked with the KRA', reusable: false },
  '001': { label: 'Submitted, under process', reusable: false },
  '002': { label: 'KRA verified', reusable: true },
  '003': { label: 'On hold', reusable: false },
  '004': { label: 'Rejected', reusable: false },
  '005': { label: 'Not available', reusable: false },
  '006': { label: 'Deactivated', reusable: false },
  '007': { label: 'KRA validated', reusable: true },
  '011': { label: 'Existing KYC submitted for modification', reusable: false },
  '012': { label: 'Existing KYC verified', reusable: true },
  '013': { label: 'Existing KYC on hold', reusable: false },
  '014': { label: 'Existing KYC rejected', reusable: false },
  '022': { label: 'KYC registered with CVL MF', reusable: true },
  '888': { label: 'Not checked with multiple KRAs', reusable: false },
  '999': { label: 'Invalid PAN', reusable: false },
};

/** The KRA codes of APP_KRA_INFO, named. */
const AGENCIES: Record<string, string> = {
  CVLKRA: 'CVL KRA',
  NDMLKRA: 'NDML KRA',
  CAMSKRA: 'CAMS KRA',
  KARVYKRA: 'KFin KRA',
  KFINKRA: 'KFin KRA',
  DOTEXKRA: 'DOTEX KRA',
};

const b64url = (b: Buffer) => b.toString('base64url');

/** `base64url(iv):base64url(ciphertext)`, AES-256-CBC, PKCS#7 padding. */
export function cvlEncrypt(key: Buffer, text: string, iv: Buffer = randomBytes(16)): string {
  const cipher = createCipheriv('aes-256-cbc', key, iv);
  return `${b64url(iv)}:${b64url(Buffer.concat([cipher.update(text, 'utf8'), cipher.final()]))}`;
}

export function cvlDecrypt(key: Buffer, value: string): string {
  const [iv, data] = value.trim().replace(/^"|"$/g, '').split(':');
  if (!iv || !data) throw new ProviderError('CVL answered an unencrypted or malformed body');
  const decipher = createDecipheriv('aes-256-cbc', key, Buffer.from(iv, 'base64url'));
  return Buffer.concat([decipher.update(Buffer.from(data, 'base64url')), decipher.final()]).toString('utf8');
}

/** DD-MM-YYYY from the dd/mm/yyyy the application keeps. */
export const cvlDob = (dob: string) => dob.replace(/\//g, '-');

const tokenSchema = z.looseObject({
  success: z.union([z.string(), z.number()]).transform(String),
  token: z.string().optional(),
  error_code: z.union([z.string(), z.number()]).optional(),
  error_message: z.string().optional(),
});
const str = z.union([z.string(), z.number()]).transform(String).optional().default('');
const recordSchema = z.looseObject({
  APP_PAN_NO: z.string().optional(),
  APP_STATUS: z.union([z.string(), z.number()]).transform((s) => String(s).padStart(3, '0')),
  APP_NAME: str,
  APP_KYC_MODE: str,
  APP_KRA_INFO: str,
  APP_COR_ADD1: str,
  APP_COR_ADD2: str,
  APP_COR_ADD3: str,
  APP_COR_CITY: str,
  APP_COR_PINCD: str,
  APP_COR_STATE: str,
  APP_COR_CTRY: str,
});

export class CvlKraLookup implements KraLookup {
  constructor(private readonly o: CvlOptions) {}

  /** Reads an answer: a JSON string to decrypt, `{resdtls}` to decrypt, or plain JSON. */
  private open(raw: unknown): unknown {
    let value = raw;
    if (value && typeof value === 'object' && 'resdtls' in value) value = (value as { resdtls: unknown }).resdtls;
    if (typeof value !== 'string') return value;
    return JSON.parse(cvlDecrypt(this.o.aesKey, value)) as unknown;
  }

  private post(path: string, headers: Record<string, string>, payload: unknown) {
    return fetchJson(`${this.o.baseUrl}${path}`, {
      method: 'POST',
      headers: { ...headers, 'user-agent': 'CustomUsrAgnt' },
      body: cvlEncrypt(this.o.aesKey, JSON.stringify(payload)),
      fetch: this.o.fetch,
    });
  }

  async token(): Promise<string> {
    const reply = tokenSchema.safeParse(
      this.open(
        await this.post(
          '/GetToken',
          { api_key: this.o.apiKey },
          { username: this.o.userName, poscode: this.o.posCode, password: this.o.password },
        ),
      ),
    );
    if (!reply.success || reply.data.success !== '1' || !reply.data.token)
      throw new ProviderError(
        `CVL refused the login: ${reply.success ? (reply.data.error_message ?? reply.data.error_code ?? 'no token') : 'unexpected body'}`,
      );
    return reply.data.token;
  }

  async find(pan: string, dob: string): Promise<KraRecord | null> {
    const token = await this.token();
    const opened = this.open(
      await this.post(
        '/SolicitPANDetailsFetchALLKRA',
        { Token: token },
        {
          APP_REQ_ROOT: {
            APP_PAN_INQ: {
              APP_PAN_NO: pan,
              APP_DOB_INCORP: cvlDob(dob),
              APP_POS_CODE: this.o.posCode,
              APP_RTA_CODE: this.o.posCode,
              APP_KRA_CODE: 'CVLKRA',
              FETCH_TYPE: 'I',
            },
          },
        },
      ),
    ) as Record<string, unknown> | null;
    const candidate = opened?.KYC_DATA ?? opened?.APP_PAN_INQ ?? opened?.APP_PAN_INQ_RES ?? opened;
    const parsed = recordSchema.safeParse(candidate);
    if (!parsed.success) throw new ProviderError('KRA enquiry answered an unexpected body');
    return readKraRecord(parsed.data);
  }
}

/** A record for every status the KRAs know of the PAN; null only for 005 (not available). */
export function readKraRecord(r: z.output<typeof recordSchema>): KraRecord | null {
  const known = KRA_STATUSES[r.APP_STATUS];
  if (r.APP_STATUS === '005') return null;
  const hasAddress = r.APP_COR_ADD1.length > 0;
  return {
    agency: AGENCIES[r.APP_KRA_INFO.toUpperCase()] ?? (r.APP_KRA_INFO || 'KRA'),
    statusCode: r.APP_STATUS,
    status: known?.label ?? `Status ${r.APP_STATUS}`,
    registered: known?.reusable ?? false,
    name: r.APP_NAME,
    kycMode: r.APP_KYC_MODE,
    address: hasAddress
      ? {
          line1: r.APP_COR_ADD1,
          line2: r.APP_COR_ADD2,
          line3: r.APP_COR_ADD3,
          city: r.APP_COR_CITY,
          pincode: r.APP_COR_PINCD,
          state: r.APP_COR_STATE,
          country: r.APP_COR_CTRY,
        }
      : null,
  };
}
