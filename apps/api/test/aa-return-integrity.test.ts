/**
 * Sahamati's ecreq/ecres are AES/CBC/PKCS5Padding with no MAC: a changed ciphertext byte turns its
 * block into sixteen bytes of noise, and about one changed final block in 256 still ends in valid
 * padding. Both readers (the FIU adapter for ecres, the sandbox AA for ecreq) must refuse every
 * such text, not only the ones whose padding breaks: here every byte of a genuine value is changed
 * in turn, each in several ways, and each change must be refused.
 */
import { describe, expect, it } from 'vitest';
import { approvesConsent } from '../src/providers/account-aggregator/port.ts';
import { RebitAccountAggregator } from '../src/providers/account-aggregator/rebit.ts';
import { encodeFi, encryptParams, formatRedirectDate } from '../src/providers/account-aggregator/web-redirection.ts';
import { openEcreq, sealEcres } from '../src/sandbox/account-aggregator/redirection.ts';

const SECRET = '0123456789abcdef0123456789abcdef';
const AA_ID = 'SANDBOX-AA';
const now = new Date('2026-12-06T10:15:00.123Z');
const stamp = formatRedirectDate(now);
const txnid = '0b6a5a43-58a1-4f4a-9c1e-6f7f4a4f3f11';
const handle = '5f7e2b1c-93d4-4c5e-8a6f-0e2d3c4b5a69';

const aa = new RebitAccountAggregator({
  baseUrl: 'https://aa.test/api',
  webviewUrl: 'https://aa.test/webview',
  fiuId: 'ekyc-fiu',
  aaId: AA_ID,
  aaHandle: 'sandbox-aa',
  apiKey: 'k',
  redirectionSecret: SECRET,
});

const ciphertext = (value: string) => Buffer.from(value.replace(/-/g, '+').replace(/_/g, '/'), 'base64');
const urlBase64 = (b: Buffer) => b.toString('base64').replace(/\+/g, '-').replace(/\//g, '_');

/** The value with byte `at` of its ciphertext XORed with `mask`. */
function changed(value: string, at: number, mask: number): string {
  const raw = ciphertext(value);
  raw[at] = raw[at]! ^ mask;
  return urlBase64(raw);
}

const MASKS = [0x01, 0x02, 0x10, 0x20, 0x40, 0x80, 0x7f, 0xff];

describe("the AA's return (ecres), read by the FIU adapter", () => {
  // as the sandbox AA seals an approval: its own codec, srcref last, as an array
  const ecres = sealEcres(SECRET, stamp, [
    ['txnid', txnid],
    ['sessionid', handle],
    ['userid', '9876543210@sandbox-aa'],
    ['status', 'S'],
    ['errorcode', '0'],
    ['srcref', JSON.stringify([handle])],
  ]);
  const read = (value: string) => aa.readRedirect({ fi: encodeFi(AA_ID, stamp), resdate: stamp, ecres: value }, now);

  it('takes the genuine value as an approval of this consent', () => {
    const back = read(ecres);
    expect(back).toEqual({
      txnid,
      sessionid: handle,
      userid: '9876543210@sandbox-aa',
      srcref: [handle],
      status: 'S',
      errorcode: '0',
    });
    expect(approvesConsent(back, { txnid, handle })).toBe(true);
  });

  it('refuses it with any one byte changed, in any of eight ways', () => {
    const length = ciphertext(ecres).length;
    const accepted: string[] = [];
    for (let at = 0; at < length; at++)
      for (const mask of MASKS) if (read(changed(ecres, at, mask)) !== null) accepted.push(`${at}^${mask}`);
    expect(accepted).toEqual([]);
  });

  it('refuses it with its last characters replaced (the garbled final block behind valid padding)', () => {
    const accepted: string[] = [];
    for (let c = 0; c < 64; c++) {
      const ch = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_'[c]!;
      const value = `${ecres.slice(0, -4)}${ch.repeat(4)}`;
      if (value !== ecres && read(value) !== null) accepted.push(ch);
    }
    expect(accepted).toEqual([]);
  });

  it('refuses well-sealed texts that are not a well-formed return', () => {
    const base = { txnid, sessionid: handle, userid: '9876543210@sandbox-aa', status: 'S', errorcode: '0' };
    const sealed = (params: Record<string, string>) => read(encryptParams(SECRET, stamp, params));
    expect(sealed(base)).not.toBeNull();
    expect(sealed({ ...base, srcref: '["h-1", "h-2"]' })?.srcref).toEqual(['h-1', 'h-2']);
    expect(sealed({ ...base, srcref: '["h-1' })).toBeNull();
    expect(sealed({ ...base, srcref: '["h\u00e9"]' })).toBeNull();
    expect(sealed({ ...base, errorcode: '9' })).toBeNull();
    expect(sealed({ ...base, errorcode: '1' })).toBeNull();
    expect(sealed({ ...base, status: 'X' })).toBeNull();
    expect(sealed({ ...base, txnid: '' })).toBeNull();
    expect(sealed({ ...base, userid: 'no-handle' })).toBeNull();
    expect(read(sealEcres(SECRET, stamp, [...Object.entries(base), ['txnid', 'other']]))).toBeNull();
  });

  it('approves only the consent it names', () => {
    const back = read(ecres);
    expect(approvesConsent(back, { txnid: 'other', handle })).toBe(false);
    expect(approvesConsent(back, { txnid, handle: 'other' })).toBe(false);
    expect(approvesConsent(back && { ...back, srcref: [] }, { txnid, handle: 'other' })).toBe(false);
    expect(approvesConsent(back && { ...back, sessionid: '', srcref: [] }, { txnid, handle: 'other' })).toBe(true);
    expect(approvesConsent(back && { ...back, status: 'F' }, { txnid, handle })).toBe(false);
    expect(approvesConsent(null, { txnid, handle })).toBe(false);
  });
});

describe("the FIU's request (ecreq), read by the sandbox AA", () => {
  const request = {
    txnid,
    sessionid: handle,
    userid: '9876543210@sandbox-aa',
    redirect: 'https://broker.example/aa/return?applicant=a&b=c',
    srcref: handle,
  };
  const ecreq = encryptParams(SECRET, stamp, request);

  it('opens the genuine value, and nothing with any one byte changed', () => {
    expect(Object.fromEntries(openEcreq(SECRET, stamp, ecreq)!)).toEqual(request);
    const opened: string[] = [];
    const length = ciphertext(ecreq).length;
    for (let at = 0; at < length; at++)
      for (const mask of MASKS)
        if (openEcreq(SECRET, stamp, changed(ecreq, at, mask)) !== null) opened.push(`${at}^${mask}`);
    expect(opened).toEqual([]);
  });
});
