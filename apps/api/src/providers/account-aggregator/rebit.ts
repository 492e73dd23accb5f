/**
 * Production adapter for an account aggregator speaking the ReBIT API (v2.0.0) and Sahamati web
 * redirection: POST /Consent → ConsentHandle; POST /Consent/handle → ConsentStatus; the browser
 * goes to the AA's /webview with fi, requestorType, reqdate and ecreq and comes back with fi (the
 * AA's own id), resdate and ecres. Requests carry `client_api_key` and a detached JWS of the body
 * (`x-jws-signature`, RS256); every answer's own `x-jws-signature` is checked against the AA's key
 * from the Central Registry before the answer is read (Sahamati documentation,
 * .gitbook/assets/AA-v2-latest.yaml: each response of /Consent and /Consent/handle declares the
 * header "Detached JWS of the response body").
 */
import { createPrivateKey, type KeyObject, randomUUID } from 'node:crypto';
import { decodeProtectedHeader, FlattenedSign, flattenedVerify, type FlattenedVerifyGetKey } from 'jose';
import { type FetchLike, fetchJson, ProviderError } from '../http.ts';
import type { AaKeySource } from './aa-keys.ts';
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
/**
 * ReBIT 2.x names the consent's status APPROVED / READY / FAILED where 1.x said ACTIVE / REJECTED
 * (AA-v2-latest.yaml, definitions.Consent.properties.status.enum): read onto the port's values.
 */
const V2_STATUSES: Record<string, ConsentStatusValue> = { APPROVED: 'ACTIVE', READY: 'ACTIVE', FAILED: 'REJECTED' };

export interface RebitOptions {
  baseUrl: string;
  webviewUrl: string;
  fiuId: string;
  /** The AA's entity id: the `fi` of its answers on the return leg is this id, XORed with `resdate`. */
  aaId: string;
  /** Who asks, sent XORed with `reqdate` as `requestorType` (Sahamati: FIU or LSP). */
  requestorType?: 'FIU' | 'LSP';
  /** The AA's public keys; every answer's x-jws-signature is checked with them. */
  aaKeys?: AaKeySource;
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
    const keys = this.o.aaKeys;
    return fetchJson<T>(`${this.o.baseUrl}${path}`, {
      method: 'POST',
      headers,
      body,
      ...(this.o.fetch && { fetch: this.o.fetch }),
      ...(keys && { verify: (text: string, h: Headers) => verifyAaAnswer(text, h.get('x-jws-signature'), keys) }),
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
    const given = reply.ConsentStatus?.status ?? '';
    const status = V2_STATUSES[given] ?? (STATUSES.includes(given as ConsentStatusValue) ? given : undefined);
    if (!status) throw new ProviderError('unknown consent status', 502, reply);
    return { status: status as ConsentStatusValue, consentId: reply.ConsentStatus?.id ?? null };
  }

  webviewUrl(request: WebRedirectionRequest, now = new Date()): string {
    const reqdate = formatRedirectDate(now);
    const ecreq = encryptParams(this.o.redirectionSecret, reqdate, { ...request });
    const qs = new URLSearchParams({
      fi: encodeFi(this.o.fiuId, reqdate),
      requestorType: encodeFi(this.o.requestorType ?? 'FIU', reqdate),
      reqdate,
      ecreq,
    });
    return `${this.o.webviewUrl}?${qs}`;
  }

  readRedirect(
    params: { fi?: string; resdate?: string; ecres?: string },
    now = new Date(),
  ): WebRedirectionResult | null {
    if (!params.fi || !params.resdate || !params.ecres) return null;
    // the return leg's fi is the AA's own id (Sahamati response specification, URL parameters)
    if (decodeFi(params.fi, params.resdate) !== this.o.aaId || !isFresh(params.resdate, now)) return null;
    const p = decryptParams(this.o.redirectionSecret, params.resdate, params.ecres);
    if (!p) return null;
    const srcref = srcrefList(p.srcref);
    const errorcode = p.errorcode ?? '';
    if (
      !TOKEN.test(p.txnid ?? '') ||
      !(p.sessionid === undefined || p.sessionid === '' || TOKEN.test(p.sessionid)) ||
      !(p.userid === undefined || p.userid === '' || USER_ID.test(p.userid)) ||
      (p.status !== 'S' && p.status !== 'F') ||
      !(errorcode === '' || ERROR_CODES.test(errorcode)) ||
      (p.status === 'S' && errorcode !== '' && errorcode !== '0') ||
      !srcref
    )
      return null;
    return {
      txnid: p.txnid!,
      sessionid: p.sessionid ?? '',
      userid: p.userid ?? '',
      srcref,
      status: p.status,
      errorcode,
    };
  }
}

/** A txnid, sessionid or consent handle: a UUID or a like identifier, nothing else. */
const TOKEN = /^[A-Za-z0-9][A-Za-z0-9._:-]{0,127}$/;
/** The AA's customer id, `<mobile or name>@<aa handle>`. */
const USER_ID = /^[A-Za-z0-9._-]{1,64}@[A-Za-z0-9._-]{1,64}$/;
/** response-specification.md: 0 success, 1 rejected, 2 not available, 3 invalid, 4 auth failed, 5 pending. */
const ERROR_CODES = /^[0-5]$/;

/**
 * `srcref` of the return leg: absent (the consent is known by txnid), one handle (the 1.x
 * guidelines), or an array of accepted handles (the newer standard: "Array of accepted consent
 * handle identifiers"), written as a JSON array or a comma-separated list. Null when it is present
 * but not one of these.
 */
export function srcrefList(value: string | undefined): string[] | null {
  const text = (value ?? '').trim();
  if (!text) return [];
  let list: unknown = text.split(',').map((x) => x.trim());
  if (text.startsWith('[')) {
    try {
      list = JSON.parse(text);
    } catch {
      return null;
    }
  }
  if (!Array.isArray(list) || !list.every((x): x is string => typeof x === 'string' && TOKEN.test(x))) return null;
  return list;
}

/**
 * Checks the AA's detached JWS over an answer's exact body with the key its header names (kid),
 * from the registry's keys: an answer without one, or with one that does not verify, is refused.
 */
export async function verifyAaAnswer(body: string, jws: string | null, keys: AaKeySource): Promise<void> {
  const refuse = (why: string) =>
    new ProviderError(`account aggregator answer refused: ${why}`, 502, undefined, 'refused');
  const [protectedHeader, empty, signature] = (jws ?? '').split('.');
  if (!protectedHeader || empty !== '' || !signature) throw refuse('no detached x-jws-signature');
  let kid: string | undefined;
  try {
    kid = decodeProtectedHeader(`${protectedHeader}..${signature}`).kid;
  } catch {
    throw refuse('x-jws-signature header is not a JWS header');
  }
  const set = await keys.keys(kid === undefined ? {} : { kid });
  try {
    await flattenedVerify(
      { protected: protectedHeader, payload: new TextEncoder().encode(body), signature },
      set as FlattenedVerifyGetKey,
      { algorithms: ['RS256'] },
    );
  } catch {
    throw refuse('x-jws-signature does not verify with the AA key');
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
