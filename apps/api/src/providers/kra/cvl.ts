/**
 * KRA PAN enquiry in the CVL shape (PROVIDERS.md): APP_STATUS's first digit names the KRA, its
 * last two digits the status; detail fields APP_NAME, APP_COR_ADD1..3, APP_COR_CITY, ...
 */
import { z } from 'zod';
import { fetchJson, type FetchLike, ProviderError } from '../http.ts';
import type { KraLookup, KraRecord } from './port.ts';

export interface CvlOptions {
  baseUrl: string;
  userName: string;
  passKey: string;
  fetch?: FetchLike;
}

const AGENCIES: Record<string, string> = {
  '0': 'CVL KRA',
  '1': 'NDML KRA',
  '2': 'DOTEX KRA',
  '3': 'CAMS KRA',
  '4': 'Karvy KRA',
  '6': 'KFin KRA',
};

const STATUSES: Record<string, string> = {
  '00': 'Not checked with KRA',
  '01': 'Under process',
  '02': 'KRA registered',
  '03': 'On hold',
  '04': 'Rejected',
  '05': 'Not available',
  '06': 'Deactivated',
  '07': 'KRA validated',
  '11': 'Existing KYC submitted for modification',
  '12': 'Existing KYC registered',
  '13': 'Existing KYC on hold',
  '14': 'Existing KYC rejected',
};

const str = z.string().optional().default('');
const replySchema = z.object({
  APP_PAN_INQ: z.object({
    APP_PAN_NO: z.string(),
    APP_STATUS: z.string(),
    APP_NAME: str,
    APP_KYC_MODE: str,
    APP_COR_ADD1: str,
    APP_COR_ADD2: str,
    APP_COR_ADD3: str,
    APP_COR_CITY: str,
    APP_COR_PINCD: str,
    APP_COR_STATE: str,
    APP_COR_CTRY: str,
  }),
});

/** Decodes APP_STATUS: the agency digit and the status digits separately. */
export function decodeKraStatus(appStatus: string): { agency: string; code: string; label: string } | null {
  if (appStatus === '999' || !/^\d{3}$/.test(appStatus)) return null;
  const code = appStatus.slice(1);
  return { agency: AGENCIES[appStatus[0]!] ?? 'KRA', code, label: STATUSES[code] ?? 'Unknown' };
}

export class CvlKraLookup implements KraLookup {
  constructor(private readonly o: CvlOptions) {}

  async find(pan: string): Promise<KraRecord | null> {
    const raw = await fetchJson(`${this.o.baseUrl}/kra/pan-inquiry`, {
      method: 'POST',
      headers: { 'x-user-name': this.o.userName, 'x-pass-key': this.o.passKey },
      body: { APP_PAN_NO: pan },
      fetch: this.o.fetch,
    });
    const parsed = replySchema.safeParse(raw);
    if (!parsed.success) throw new ProviderError('KRA enquiry answered an unexpected body');
    const r = parsed.data.APP_PAN_INQ;
    const status = decodeKraStatus(r.APP_STATUS);
    if (!status || status.code === '05' || status.code === '00') return null;
    const hasAddress = r.APP_COR_ADD1.length > 0;
    return {
      agency: status.agency,
      statusCode: status.code,
      status: status.label,
      registered: ['02', '07', '11', '12'].includes(status.code),
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
}
