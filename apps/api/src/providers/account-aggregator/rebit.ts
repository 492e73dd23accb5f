/**
 * Production adapter for an account aggregator speaking the ReBIT API (v2.0.0) and Sahamati web
 * redirection: POST /Consent → ConsentHandle; POST /Consent/handle → ConsentStatus; the browser
 * goes to the AA's /webview with ecreq and comes back with ecres. Requests carry `client_api_key`
 * and, when a signing key is configured, a detached JWS (`x-jws-signature`, RS256) of the body.
 */
import { createSign, randomUUID } from 'node:crypto';
import { type FetchLike, fetchJson, ProviderError } from '../http.ts';
import type {
  AccountAggregator,
  ConsentRequestInput,
  ConsentStatusValue,
  WebRedirectionRequest,
  WebRedirectionResult,
} from './port.ts';
import { decodeFi, decryptParams, encodeFi, encryptParams, formatRedirectDate, isFresh } from './web-redirection.ts';

export const REBIT_VERSION = '2.0.0';
const STATUSES: readonly ConsentStatusValue[] = ['PENDING', 'ACTIVE', 'PAUSED', 'REVOKED', 'EXPIRED', 'REJECTED'];

export interface RebitOptions {
  baseUrl: string;
  webviewUrl: string;
  fiuId: string;
  /** The AA's handle in customer ids, e.g. `onemoney`. */
  aaHandle: string;
  apiKey: string;
  /** The AES-256 key shared with the AA for ecreq/ecres. */
  redirectionKey: Buffer;
  /** PEM private key for x-jws-signature, when the AA asks for signed requests. */
  signingKeyPem?: string | undefined;
  fetch?: FetchLike;
}

export class RebitAccountAggregator implements AccountAggregator {
  constructor(private readonly o: RebitOptions) {}

  private async post<T>(path: string, body: Record<string, unknown>): Promise<T> {
    const json = JSON.stringify(body);
    const headers: Record<string, string> = { client_api_key: this.o.apiKey };
    if (this.o.signingKeyPem) headers['x-jws-signature'] = detachedJws(json, this.o.signingKeyPem);
    return fetchJson<T>(`${this.o.baseUrl}${path}`, {
      method: 'POST',
      headers,
      body,
      ...(this.o.fetch && { fetch: this.o.fetch }),
    });
  }

  async requestConsent(input: ConsentRequestInput) {
    const now = new Date();
    const customerId = `${input.mobile}@${this.o.aaHandle}`;
    const reply = await this.post<{ txnid?: string; ConsentHandle?: string }>('/Consent', {
      ver: REBIT_VERSION,
      timestamp: now.toISOString(),
      txnid: input.txnid,
      ConsentDetail: {
        consentStart: now.toISOString(),
        consentExpiry: new Date(now.getTime() + 24 * 3600 * 1000).toISOString(),
        consentMode: 'STORE',
        fetchType: 'ONETIME',
        consentTypes: ['PROFILE', 'SUMMARY', 'TRANSACTIONS'],
        fiTypes: ['DEPOSIT'],
        DataConsumer: { id: this.o.fiuId, type: 'FIU' },
        Customer: { id: customerId, Identifiers: [{ type: 'MOBILE', value: input.mobile }] },
        Purpose: {
          code: '105',
          refUri: 'https://api.rebit.org.in/aa/purpose/105.xml',
          text: 'Explicit one-time consent for accessing data from the accounts',
          Category: { type: 'Financial proof for derivative segments' },
        },
        FIDataRange: { from: input.from.toISOString(), to: input.to.toISOString() },
        DataLife: { unit: 'MONTH', value: 1 },
        Frequency: { unit: 'MONTH', value: 1 },
      },
    });
    if (!reply.ConsentHandle || reply.txnid !== input.txnid)
      throw new ProviderError('account aggregator answered without a consent handle', 502, reply);
    return { consentHandle: reply.ConsentHandle, customerId };
  }

  async consentStatus(consentHandle: string) {
    const reply = await this.post<{ ConsentStatus?: { id?: string | null; status?: string } }>('/Consent/handle', {
      ver: REBIT_VERSION,
      timestamp: new Date().toISOString(),
      txnid: randomUUID(),
      ConsentHandle: consentHandle,
    });
    const status = reply.ConsentStatus?.status as ConsentStatusValue | undefined;
    if (!status || !STATUSES.includes(status)) throw new ProviderError('unknown consent status', 502, reply);
    return { status, consentId: reply.ConsentStatus?.id ?? null };
  }

  webviewUrl(request: WebRedirectionRequest, now = new Date()): string {
    const ecreq = encryptParams(this.o.redirectionKey, { ...request });
    const qs = new URLSearchParams({ fi: encodeFi(this.o.fiuId), reqdate: formatRedirectDate(now), ecreq });
    return `${this.o.webviewUrl}?${qs}`;
  }

  readRedirect(
    params: { fi?: string; resdate?: string; ecres?: string },
    now = new Date(),
  ): WebRedirectionResult | null {
    if (!params.fi || !params.resdate || !params.ecres) return null;
    if (decodeFi(params.fi) !== this.o.fiuId || !isFresh(params.resdate, now)) return null;
    const p = decryptParams(this.o.redirectionKey, params.ecres);
    if (!p || !p.txnid || !p.srcref || (p.status !== 'S' && p.status !== 'F')) return null;
    return {
      txnid: p.txnid,
      sessionid: p.sessionid ?? '',
      userid: p.userid ?? '',
      srcref: p.srcref,
      status: p.status,
      errorcode: p.errorcode ?? '',
    };
  }
}

/** RFC 7515 appendix F: a JWS with the payload left out (`header..signature`). */
function detachedJws(payload: string, pem: string): string {
  const header = Buffer.from(JSON.stringify({ alg: 'RS256', b64: false, crit: ['b64'] })).toString('base64url');
  const signature = createSign('RSA-SHA256').update(`${header}.${payload}`).sign(pem).toString('base64url');
  return `${header}..${signature}`;
}
