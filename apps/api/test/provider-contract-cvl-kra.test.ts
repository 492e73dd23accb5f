/** CVL KRA (KYC Status API 2.6) adapter against CVL-shaped answers (test/fixtures/providers/cvl-kra). */
import { randomBytes } from 'node:crypto';
import { expect, it } from 'vitest';
import { ProviderError } from '../src/providers/http.ts';
import { cvlDecrypt, cvlEncrypt, CvlKraLookup } from '../src/providers/kra/cvl.ts';
import { fixture, replay } from './support/provider-fixtures.ts';
import { toolOutput } from './support/system-tool.ts';

const key = randomBytes(32);
const sealed = (name: string) => ({
  body: cvlEncrypt(key, JSON.stringify(fixture<{ source: string; decrypted: unknown }>(name).decrypted)),
});
const resdtls = (name: string) => ({
  body: { resdtls: cvlEncrypt(key, JSON.stringify(fixture<{ source: string; decrypted: unknown }>(name).decrypted)) },
});
const lookup = (t: ReturnType<typeof replay>) =>
  new CvlKraLookup({
    baseUrl: 'https://krapancheck.test/V3/api',
    apiKey: 'api-key-1',
    aesKey: key,
    userName: 'BROKER',
    posCode: '1100012345',
    password: 'pw',
    fetch: t.fetch,
  });

it('logs in with an encrypted body and api_key, then asks all KRAs with PAN, date of birth and POS code', async () => {
  const t = replay(sealed('cvl-kra/token.json'), resdtls('cvl-kra/validated.json'));
  expect(await lookup(t).find('ABCPS9999K', '15/08/1990')).toMatchObject({
    agency: 'NDML KRA',
    statusCode: '007',
    status: 'KRA validated',
    registered: true,
    name: 'RAVI SHARMA',
    address: { line1: '12 MG ROAD', city: 'PUNE', pincode: '411001' },
  });
  expect(t.calls[0]!.url).toBe('https://krapancheck.test/V3/api/GetToken');
  expect(t.header(0, 'api_key')).toBe('api-key-1');
  expect(JSON.parse(cvlDecrypt(key, JSON.parse(t.calls[0]!.body) as string))).toEqual({
    username: 'BROKER',
    poscode: '1100012345',
    password: 'pw',
  });
  expect(t.calls[1]!.url).toBe('https://krapancheck.test/V3/api/SolicitPANDetailsFetchALLKRA');
  expect(t.header(1, 'token')).toBe('eyJhbGciOiJIUzI1NiJ9.e30.sandboxtoken');
  expect(JSON.parse(cvlDecrypt(key, JSON.parse(t.calls[1]!.body) as string))).toEqual({
    APP_REQ_ROOT: {
      APP_PAN_INQ: {
        APP_PAN_NO: 'ABCPS9999K',
        APP_DOB_INCORP: '15-08-1990',
        APP_POS_CODE: '1100012345',
        APP_RTA_CODE: '1100012345',
        APP_KRA_CODE: 'CVLKRA',
        FETCH_TYPE: 'I',
      },
    },
  });
});

it('888, 003 and 005 are read as three-digit statuses, never as an agency digit', async () => {
  expect(
    await lookup(replay(sealed('cvl-kra/token.json'), resdtls('cvl-kra/not-checked-888.json'))).find(
      'ABCPS1234K',
      '01/01/1990',
    ),
  ).toMatchObject({
    statusCode: '888',
    status: 'Not checked with multiple KRAs',
    registered: false,
  });
  expect(
    await lookup(replay(sealed('cvl-kra/token.json'), resdtls('cvl-kra/on-hold.json'))).find(
      'ABCPS1234K',
      '01/01/1990',
    ),
  ).toMatchObject({
    statusCode: '003',
    status: 'On hold',
    registered: false,
    agency: 'CVL KRA',
  });
  expect(
    await lookup(replay(sealed('cvl-kra/token.json'), resdtls('cvl-kra/not-available.json'))).find(
      'ABCPS1234K',
      '01/01/1990',
    ),
  ).toBeNull();
});

it('a refused login is a provider error', async () => {
  await expect(lookup(replay(sealed('cvl-kra/token-refused.json'))).find('ABCPS1234K', '01/01/1990')).rejects.toThrow(
    /Invalid username\/password\/poscode/,
  );
  await expect(
    lookup(replay(sealed('cvl-kra/token-refused.json'))).find('ABCPS1234K', '01/01/1990'),
  ).rejects.toBeInstanceOf(ProviderError);
});

it('the body cipher is AES-256-CBC as OpenSSL reads it: base64url IV, a colon, base64url ciphertext', () => {
  const sealedText = cvlEncrypt(key, '{"a":1}');
  const [iv, data] = sealedText.split(':');
  const plain = toolOutput(
    'openssl',
    ['enc', '-d', '-aes-256-cbc', '-K', key.toString('hex'), '-iv', Buffer.from(iv!, 'base64url').toString('hex')],
    { input: Buffer.from(data!, 'base64url') },
  );
  expect(plain).toBe('{"a":1}');
});
