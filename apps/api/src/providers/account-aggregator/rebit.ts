/**
 * Production adapter for an account aggregator speaking the ReBIT API (v2.0.0) and Sahamati web
 * redirection: POST /Consent → ConsentHandle; POST /Consent/handle → ConsentStatus; the browser
 * goes to the AA's /webview with ecreq and comes back with ecres. Requests carry `client_api_key`
 * and, when a signing key is configured, a detached JWS (`x-jws-signature`, RS256) of the body.
 */
import { createPrivateKey, type KeyObject, randomUUID } from 'node:crypto';
import { FlattenedSign, flattenedVerify } from 'jose';
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
  /** The 32-character passphrase the AA shares for ecreq/ecres (AA_REDIRECTION_SECRET). */
  redirectionSecret: string;
  /** PEM private key for x-jws-signature, when the AA asks for signed requests. */
  signingKeyPem?: string | undefined;
  fetch?: FetchLike;
}

export class RebitAccountAggregator implements AccountAggregator {
  /** Parsed once, so a bad key stops the start rather than the first consent. */
  private readonly signingKey: KeyObject | null;
  constructor(private readonly o: RebitOptions) {
    this.signingKey = o.signingKeyPem ? createPrivateKey(o.signingKeyPem) : null;
  }

  private async post<T>(path: string, body: Record<string, unknown>): Promise<T> {
    const json = JSON.stringify(body);
    const headers: Record<string, string> = { client_api_key: this.o.apiKey };
    if (this.signingKey) headers['x-jws-signature'] = await detachedJws(json, this.signingKey);
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
    const reqdate = formatRedirectDate(now);
    const ecreq = encryptParams(this.o.redirectionSecret, reqdate, { ...request });
    const qs = new URLSearchParams({ fi: encodeFi(this.o.fiuId, reqdate), reqdate, ecreq });
    return `${this.o.webviewUrl}?${qs}`;
  }

  readRedirect(
    params: { fi?: string; resdate?: string; ecres?: string },
    now = new Date(),
  ): WebRedirectionResult | null {
    if (!params.fi || !params.resdate || !params.ecres) return null;
    if (decodeFi(params.fi, params.resdate) !== this.o.fiuId || !isFresh(params.resdate, now)) return null;
    const p = decryptParams(this.o.redirectionSecret, params.resdate, params.ecres);
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

/**
 * The detached JWS of ReBIT's x-jws-signature: RS256 over the unencoded body (RFC 7797,
 * `b64: false`, `crit: ["b64"]`), the payload left out (`header..signature`), made with jose.
 */
export async function detachedJws(payload: string, key: KeyObject): Promise<string> {
  const jws = await new FlattenedSign(new TextEncoder().encode(payload))
    .setProtectedHeader({ alg: 'RS256', b64: false, crit: ['b64'] })
    .sign(key);
  return `${jws.protected}..${jws.signature}`;
}

/** Checks a detached JWS against the body it was sent with (the sandbox AA checks with this). */
export async function verifyDetachedJws(jws: string, payload: string, key: KeyObject): Promise<boolean> {
  const [protectedHeader, empty, signature] = jws.split('.');
  if (!protectedHeader || empty !== '' || !signature) return false;
  try {
    await flattenedVerify({ protected: protectedHeader, payload: new TextEncoder().encode(payload), signature }, key, {
      algorithms: ['RS256'],
    });
    return true;
  } catch {
    return false;
  }
}
