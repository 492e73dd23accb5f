/**
 * The sandbox account aggregator reads and writes Sahamati's web redirection with its own codec
 * (sandbox/account-aggregator/redirection.ts), checked here against the public vectors (the
 * guidelines' date example, a public FIU's `fi`, and an ecreq computed with OpenSSL from the
 * inputs of samples/java.md), and then against the FIU adapter in both directions: two readings of
 * the specification that must agree, neither built from the other.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  decodeFi,
  decryptParams,
  encodeFi,
  encryptParams,
  formatRedirectDate,
} from '../src/providers/account-aggregator/web-redirection.ts';
import {
  instantOf,
  openEcreq,
  sealEcres,
  stampOf,
  xorDecode,
  xorEncode,
} from '../src/sandbox/account-aggregator/redirection.ts';

const v = JSON.parse(
  readFileSync(new URL('./fixtures/providers/sahamati/redirection-vectors.json', import.meta.url), 'utf8'),
) as {
  fi: { fi: string; reqdate: string; fiuId: string };
  date: { iso: string; reqdate: string };
  ecreq: { secret: string; salt: string; plain: string; params: Record<string, string>; ecreq: string };
};

/** The value with one character replaced by another of the same alphabet. */
const oneChanged = (s: string, at: number) => s.slice(0, at) + (s[at] === 'A' ? 'B' : 'A') + s.slice(at + 1);

describe("the sandbox AA's redirection codec, from the public vectors", () => {
  it("writes and reads the guidelines' date example", () => {
    expect(stampOf(new Date(v.date.iso))).toBe(v.date.reqdate);
    expect(instantOf(v.date.reqdate)?.toISOString()).toBe('2021-04-06T05:10:00.756Z');
    expect(instantOf('320420210510756')).toBeNull();
  });

  it("reads a public FIU's fi and writes it back", () => {
    expect(xorDecode(v.fi.fi, v.fi.reqdate)).toBe(v.fi.fiuId);
    expect(xorEncode(v.fi.fiuId, v.fi.reqdate)).toBe(v.fi.fi);
    expect(xorDecode(oneChanged(v.fi.fi, 2), v.fi.reqdate)).not.toBe(v.fi.fiuId);
  });

  it('opens the OpenSSL-computed ecreq into the parameters of samples/java.md, and seals them to the same value', () => {
    expect(Object.fromEntries(openEcreq(v.ecreq.secret, v.ecreq.salt, v.ecreq.ecreq)!)).toEqual(v.ecreq.params);
    const inOrder = v.ecreq.plain.split('&').map((p) => p.split('=') as [string, string]);
    expect(sealEcres(v.ecreq.secret, v.ecreq.salt, inOrder)).toBe(v.ecreq.ecreq);
    // the FIU adapter's stricter reader takes the same OpenSSL-computed value whole
    expect(decryptParams(v.ecreq.secret, v.ecreq.salt, v.ecreq.ecreq)).toEqual(v.ecreq.params);
  });

  it('refuses an ecreq with one character changed, under another salt or another passphrase', () => {
    for (const at of [0, 40, v.ecreq.ecreq.length - 4]) {
      const opened = openEcreq(v.ecreq.secret, v.ecreq.salt, oneChanged(v.ecreq.ecreq, at));
      expect(opened && Object.fromEntries(opened)).not.toEqual(v.ecreq.params);
    }
    expect(openEcreq(v.ecreq.secret, '031120201803461', v.ecreq.ecreq)).toBeNull();
    expect(openEcreq('ac12ghd75kf75s', v.ecreq.salt, v.ecreq.ecreq)).toBeNull();
  });
});

describe('the sandbox AA and the FIU adapter agree', () => {
  const secret = '0123456789abcdef0123456789abcdef';
  const at = new Date('2026-11-24T10:15:00.123Z');
  const stamp = formatRedirectDate(at);

  it('on the stamp and fi, both ways', () => {
    expect(stampOf(at)).toBe(stamp);
    expect(xorDecode(encodeFi('ekyc-fiu', stamp), stamp)).toBe('ekyc-fiu');
    expect(decodeFi(xorEncode('SANDBOX-AA', stamp), stamp)).toBe('SANDBOX-AA');
  });

  it("on the adapter's ecreq (a redirect with parameters of its own) and the sandbox's ecres", () => {
    const request = {
      txnid: 't-1',
      sessionid: 's-1',
      userid: '9876543210@sandbox-aa',
      redirect: 'https://broker.example/aa/return?applicant=a&b=c',
      srcref: 'h-1',
    };
    expect(Object.fromEntries(openEcreq(secret, stamp, encryptParams(secret, stamp, request))!)).toEqual(request);
    const answer: [string, string][] = [
      ['txnid', 't-1'],
      ['sessionid', 's-1'],
      ['userid', '9876543210@sandbox-aa'],
      ['status', 'S'],
      ['errorcode', '0'],
      ['srcref', '["h-1"]'],
    ];
    expect(decryptParams(secret, stamp, sealEcres(secret, stamp, answer))).toEqual(Object.fromEntries(answer));
  });
});
