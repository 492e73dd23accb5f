/**
 * The account aggregator adapter against ReBIT 2.x and Sahamati's redirection standard as
 * published: every value below comes from test/fixtures/providers/sahamati/rebit-2x-transcribed.json,
 * transcribed by hand from Sahamati/documentation .gitbook/assets/AA-v2-latest.yaml (ReBIT AA API
 * 2.1.0), CR-Service-API-v1.0.yaml (the Central Registry) and Sahamati/aa-redirection-standards,
 * each field with its file and place. The AA's side here (its signature, its registry entry, its
 * return leg) is written with node:crypto from those sources, not with the adapter's code.
 */
import { createPrivateKey, generateKeyPairSync, type KeyObject, sign } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { CentralRegistryKeys } from '../src/providers/account-aggregator/aa-keys.ts';
import { RebitAccountAggregator } from '../src/providers/account-aggregator/rebit.ts';
import {
  decodeFi,
  decryptParams,
  encodeFi,
  encryptParams,
  formatRedirectDate,
} from '../src/providers/account-aggregator/web-redirection.ts';
import type { FetchLike } from '../src/providers/http.ts';
import { ProviderError } from '../src/providers/http.ts';
import { fixture } from './support/provider-fixtures.ts';

interface Field<T = string> {
  value: T;
  at: string;
}
interface Transcribed {
  source: string;
  consentResponse: Record<'ver' | 'timestamp' | 'txnid' | 'Customer.id' | 'ConsentHandle', Field>;
  consentHandleResponse: Record<'ver' | 'timestamp' | 'txnid' | 'ConsentHandle' | 'ConsentStatus.id', Field>;
  consentStatuses: Field<string[]>;
  responseSignatureHeader: Field;
  jwsProtectedHeader: Field<{ alg: string; kid: string; b64: boolean; crit: string[] }>;
  registryEntityKeyFields: Field<string[]>;
  redirectRequestUrlParameters: Field<string[]>;
  requestorTypes: Field<string[]>;
  ecreqParameters: Field<string[]>;
  redirectResponseUrlParameters: Field<string[]>;
  ecresParameters: Field<string[]>;
  ecresSuccess: Field<{ status: string; errorcode: string }>;
  ecresRejected: Field<{ status: string; errorcode: string }>;
}
const t = fixture<Transcribed>('sahamati/rebit-2x-transcribed.json');

const AA_ID = 'AA-UNDER-TEST';
const FIU_ID = 'broker-fiu';
const SECRET = '0123456789abcdef0123456789abcdef';
const b64url = (s: string | Buffer) => Buffer.from(s).toString('base64url');

/** The AA's side: a detached JWS over the exact body, RFC 7797 (b64 false), made with node:crypto. */
function aaSignature(body: string, key: KeyObject, header = t.jwsProtectedHeader.value): string {
  const h = b64url(JSON.stringify(header));
  return `${h}..${b64url(sign('RSA-SHA256', Buffer.from(`${h}.${body}`), key))}`;
}

/** The consent answers as transcribed, nested as the schema nests them. */
function consentAnswer(txnid = t.consentResponse.txnid.value) {
  const r = t.consentResponse;
  return {
    ver: r.ver.value,
    timestamp: r.timestamp.value,
    txnid,
    Customer: { id: r['Customer.id'].value },
    ConsentHandle: r.ConsentHandle.value,
  };
}
function handleAnswer(status: string, txnid: string) {
  const r = t.consentHandleResponse;
  return {
    ver: r.ver.value,
    timestamp: r.timestamp.value,
    txnid,
    ConsentHandle: r.ConsentHandle.value,
    ConsentStatus: { id: r['ConsentStatus.id'].value, status },
  };
}

describe('ReBIT 2.x consent API, signed answers checked with the registry key', () => {
  let aaKey: KeyObject;
  let otherKey: KeyObject;
  let registryCalls = 0;
  /** What the AA does to the next answer: sign it, leave it unsigned, sign with another key, or change it after signing. */
  let mode: 'signed' | 'unsigned' | 'other-key' | 'altered' = 'signed';
  let statusToAnswer = 'READY';

  const fetch: FetchLike = async (url, init) => {
    if (url.startsWith('https://cr.test/')) {
      registryCalls += 1;
      expect(url).toBe(`https://cr.test/cr/v2/entityInfo/AA/${AA_ID}`);
      const jwk = aaKey.export({ format: 'jwk' }) as Record<string, string>;
      const certificate: Record<string, string> = {};
      // exactly the fields the registry schema lists
      for (const f of t.registryEntityKeyFields.value)
        certificate[f] =
          f === 'alg' ? 'RS256' : f === 'kid' ? t.jwsProtectedHeader.value.kid : f === 'use' ? 'sig' : jwk[f]!;
      return Response.json({
        ver: '1.0',
        timestamp: '2024-10-16 08:04:50.314',
        txnid: 'x',
        entityinfo: { id: AA_ID, certificate },
      });
    }
    const sent = JSON.parse(String(init.body)) as { txnid: string };
    const answer = url.endsWith('/Consent') ? consentAnswer(sent.txnid) : handleAnswer(statusToAnswer, sent.txnid);
    const body = JSON.stringify(answer);
    const headers = new Headers({ 'content-type': 'application/json' });
    if (mode !== 'unsigned')
      headers.set(t.responseSignatureHeader.value, aaSignature(body, mode === 'other-key' ? otherKey : aaKey));
    return new Response(mode === 'altered' ? body.replace(sent.txnid, `${sent.txnid}0`) : body, {
      status: 200,
      headers,
    });
  };

  const adapter = () =>
    new RebitAccountAggregator({
      baseUrl: 'https://aa.test/api',
      webviewUrl: 'https://aa.test/webview',
      fiuId: FIU_ID,
      aaId: AA_ID,
      aaKeys: new CentralRegistryKeys({ url: 'https://cr.test/cr', aaId: AA_ID, ttlMs: 3_600_000, fetch }),
      aaHandle: 'AA_identifier',
      apiKey: 'k',
      redirectionSecret: SECRET,
      signingKeyPem: generateKeyPairSync('rsa', { modulusLength: 2048 })
        .privateKey.export({ type: 'pkcs8', format: 'pem' })
        .toString(),
      fetch,
    });

  beforeAll(() => {
    aaKey = generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey;
    otherKey = createPrivateKey(
      generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey.export({ type: 'pkcs8', format: 'pem' }),
    );
  });

  it('reads the transcribed ConsentsResponse once its signature verifies, the key read once from the registry', async () => {
    mode = 'signed';
    const aa = adapter();
    const txnid = t.consentResponse.txnid.value;
    expect(await aa.requestConsent({ txnid, mobile: '9876543210', from: new Date(), to: new Date() })).toEqual({
      consentHandle: t.consentResponse.ConsentHandle.value,
      customerId: '9876543210@AA_identifier',
    });
    registryCalls = 0;
    await aa.requestConsent({ txnid, mobile: '9876543210', from: new Date(), to: new Date() });
    expect(registryCalls).toBe(0);
  });

  it('maps every transcribed consent status, and refuses one the standard does not list', async () => {
    mode = 'signed';
    const aa = adapter();
    const seen: Record<string, string> = {};
    for (const s of t.consentStatuses.value) {
      statusToAnswer = s;
      seen[s] = (await aa.consentStatus(t.consentHandleResponse.ConsentHandle.value)).status;
    }
    expect(seen).toEqual({
      APPROVED: 'ACTIVE',
      READY: 'ACTIVE',
      EXPIRED: 'EXPIRED',
      REJECTED: 'REJECTED',
      FAILED: 'REJECTED',
      PENDING: 'PENDING',
    });
    // one code of the transcription changed: no longer a status, and refused
    statusToAnswer = 'READIED';
    await expect(aa.consentStatus('h')).rejects.toThrow(/unknown consent status/);
    statusToAnswer = 'READY';
  });

  it.each([
    ['unsigned', /no detached x-jws-signature/],
    ['other-key', /does not verify/],
    ['altered', /does not verify/],
  ] as const)('refuses an answer %s', async (m, why) => {
    mode = m;
    const err = await adapter()
      .requestConsent({ txnid: t.consentResponse.txnid.value, mobile: '9876543210', from: new Date(), to: new Date() })
      .catch((e: unknown) => e);
    mode = 'signed';
    expect(err).toBeInstanceOf(ProviderError);
    expect((err as ProviderError).message).toMatch(why);
  });
});

describe('Sahamati web redirection as the standard writes it', () => {
  const aa = new RebitAccountAggregator({
    baseUrl: 'https://aa.test/api',
    webviewUrl: 'https://aa.test/webview',
    fiuId: FIU_ID,
    aaId: AA_ID,
    aaHandle: 'aa',
    apiKey: 'k',
    redirectionSecret: SECRET,
  });
  const now = new Date();

  it('sends the request parameters of the standard, requestorType among them', () => {
    const url = new URL(
      aa.webviewUrl(
        { txnid: 't', sessionid: 's', userid: '9999988888@aa', redirect: 'https://broker/back', srcref: 'h' },
        now,
      ),
    );
    expect([...url.searchParams.keys()]).toEqual(t.redirectRequestUrlParameters.value);
    const reqdate = url.searchParams.get('reqdate')!;
    expect(t.requestorTypes.value).toContain(decodeFi(url.searchParams.get('requestorType')!, reqdate));
    const ecreq = decryptParams(SECRET, reqdate, url.searchParams.get('ecreq')!)!;
    for (const name of Object.keys(ecreq)) expect(t.ecreqParameters.value).toContain(name);
  });

  it('takes the return leg whose fi is the AA, with srcref absent or an array', () => {
    const resdate = formatRedirectDate(now);
    const base = { txnid: 't', sessionid: 's', userid: '9999988888@aa', ...t.ecresSuccess.value };
    for (const name of Object.keys(base)) expect(t.ecresParameters.value).toContain(name);
    const back = (params: Record<string, string>, who = AA_ID) => {
      const query: Record<string, string> = {
        fi: encodeFi(who, resdate),
        resdate,
        ecres: encryptParams(SECRET, resdate, params),
      };
      expect(Object.keys(query)).toEqual(t.redirectResponseUrlParameters.value);
      return aa.readRedirect(query, now);
    };
    expect(back(base)).toMatchObject({ txnid: 't', status: 'S', srcref: [] });
    expect(back({ ...base, srcref: JSON.stringify(['h1', 'h2']) })?.srcref).toEqual(['h1', 'h2']);
    expect(back({ ...base, ...t.ecresRejected.value })).toMatchObject({ status: 'F', errorcode: '1' });
    // the FIU's own id in fi is not the AA answering
    expect(back(base, FIU_ID)).toBeNull();
  });
});
