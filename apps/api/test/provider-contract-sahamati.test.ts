/**
 * Sahamati web redirection and the ReBIT detached JWS against independent material: the
 * specification's own examples, a public FIU's `fi`, an `ecreq` computed with OpenSSL, and a JWS
 * checked by jose's verifier and by node:crypto over RFC 7797's signing input.
 */
import { generateKeyPairSync, verify } from 'node:crypto';
import { expect, it } from 'vitest';
import { detachedJws, RebitAccountAggregator, verifyDetachedJws } from '../src/providers/account-aggregator/rebit.ts';
import { ProviderError } from '../src/providers/http.ts';
import {
  decodeFi,
  decryptParams,
  encodeFi,
  encryptParams,
  formatRedirectDate,
  parseRedirectDate,
  serializeParams,
} from '../src/providers/account-aggregator/web-redirection.ts';
import { fixture, replay } from './support/provider-fixtures.ts';

interface Vectors {
  source: string;
  fi: { fi: string; reqdate: string; fiuId: string };
  date: { iso: string; reqdate: string };
  ecreq: { secret: string; salt: string; plain: string; params: Record<string, string>; ecreq: string };
}
const v = fixture<Vectors>('sahamati/redirection-vectors.json');

it('dates are ddmmyyyyhh24mi plus milliseconds, in UTC, as the specification example', () => {
  expect(formatRedirectDate(new Date(v.date.iso))).toBe(v.date.reqdate);
  expect(parseRedirectDate(v.date.reqdate)?.toISOString()).toBe(v.date.iso);
  expect(parseRedirectDate('320420210510756')).toBeNull();
});

it('fi is base64(XOR(FIU id, reqdate)), as a public FIU sends it', () => {
  expect(decodeFi(v.fi.fi, v.fi.reqdate)).toBe(v.fi.fiuId);
  expect(encodeFi(v.fi.fiuId, v.fi.reqdate)).toBe(v.fi.fi);
});

it('ecreq is AES-256-CBC with the PBKDF2 key of the passphrase and date and a zero IV, as OpenSSL computes it', () => {
  expect(serializeParams(v.ecreq.params)).toBe(v.ecreq.plain);
  expect(encryptParams(v.ecreq.secret, v.ecreq.salt, v.ecreq.params)).toBe(v.ecreq.ecreq);
  expect(decryptParams(v.ecreq.secret, v.ecreq.salt, v.ecreq.ecreq)).toEqual(v.ecreq.params);
  // another date (salt) or passphrase does not open it
  expect(decryptParams(v.ecreq.secret, '031120201803461', v.ecreq.ecreq)).toBeNull();
  expect(decryptParams('wrong', v.ecreq.salt, v.ecreq.ecreq)).toBeNull();
});

it('a redirect with its own parameters is URL-encoded inside ecreq and read back whole', () => {
  const params = { txnid: 't', redirect: 'https://broker.example/back?x=1&y=2' };
  expect(serializeParams(params)).toBe('txnid=t&redirect=https%3A%2F%2Fbroker.example%2Fback%3Fx%3D1%26y%3D2');
  expect(decryptParams('s', 'd', encryptParams('s', 'd', params))).toEqual(params);
});

it('the detached JWS is RFC 7797: unencoded payload, b64 false and crit, verifiable by jose and node:crypto', async () => {
  const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const body = JSON.stringify({ ver: '2.0.0', txnid: 't-1' });
  const jws = await detachedJws(body, privateKey);
  const [header, empty, signature] = jws.split('.');
  expect(empty).toBe('');
  expect(JSON.parse(Buffer.from(header!, 'base64url').toString())).toEqual({ alg: 'RS256', b64: false, crit: ['b64'] });
  expect(verify('RSA-SHA256', Buffer.from(`${header}.${body}`), publicKey, Buffer.from(signature!, 'base64url'))).toBe(
    true,
  );
  expect(await verifyDetachedJws(jws, body, publicKey)).toBe(true);
  expect(await verifyDetachedJws(jws, body.replace('t-1', 't-2'), publicKey)).toBe(false);
});

it('a ReBIT error answer to POST /Consent is a provider error, not a consent', async () => {
  const aa = new RebitAccountAggregator({
    baseUrl: 'https://aa.test/api',
    webviewUrl: 'https://aa.test/webview',
    fiuId: 'broker-fiu',
    aaId: 'onemoney-aa',
    aaHandle: 'onemoney',
    apiKey: 'k',
    redirectionSecret: '0123456789abcdef0123456789abcdef',
    fetch: replay(fixture('sahamati/rebit-consent-error.json')).fetch,
  });
  const err = await aa
    .requestConsent({ txnid: 't-1', mobile: '9876543210', from: new Date(), to: new Date() })
    .catch((e: unknown) => e);
  expect(err).toBeInstanceOf(ProviderError);
  expect((err as ProviderError).status).toBe(400);
});
