/**
 * RFC 3161: the sandbox time-stamping authority's answer to the production adapter's request,
 * verified by openssl alone (`openssl ts -verify -data ... -in token.tsr -CAfile tsa-ca.pem`); the
 * adapter refuses a reply over another digest, a refusal and a TSA that is down.
 */
import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { generateSandboxPki } from '../src/documents/signing/sandbox-pki.ts';
import { ProviderError } from '../src/providers/http.ts';
import { Rfc3161Authority } from '../src/providers/timestamp/rfc3161.ts';
import { sandboxTsaKeys } from '../src/sandbox/tsa/tsa-certificate.ts';
import { timeStampReply } from '../src/sandbox/tsa/time-stamp.ts';
import { opensslTimestampText, opensslVerifyTimestamp } from './support/openssl-seal.ts';

const pki = generateSandboxPki();
const keys = sandboxTsaKeys(pki);
const NOW = new Date('2026-03-04T05:06:07Z');

/** A TSA over "HTTP" answering with the sandbox's reply, or with what `answer` makes of it. */
function tsa(answer: (query: Buffer) => Response = (q) => new Response(timeStampReply(q, keys, NOW))) {
  const seen: { url: string; type: string | null }[] = [];
  const authority = new Rfc3161Authority({
    url: 'https://tsa.test/stamp',
    caPem: pki.caCertPem,
    fetch: async (url, init) => {
      seen.push({ url, type: new Headers(init.headers).get('content-type') });
      return answer(Buffer.from(init.body as Uint8Array));
    },
  });
  return { authority, seen };
}

describe('RFC 3161 time-stamping', () => {
  it('stamps a digest with a token openssl verifies against the TSA root, and only for that data', async () => {
    const data = Buffer.from('{"application_id":"x","files":[]}\n');
    const { authority, seen } = tsa();
    const tsr = await authority.timestamp(createHash('sha256').update(data).digest());
    expect(seen).toEqual([{ url: 'https://tsa.test/stamp', type: 'application/timestamp-query' }]);

    expect(opensslVerifyTimestamp(data, tsr, pki.caCertPem)).toMatchObject({ ok: true });
    expect(opensslVerifyTimestamp(Buffer.concat([data, Buffer.from(' ')]), tsr, pki.caCertPem).ok).toBe(false);
    // another authority's root does not vouch for it
    expect(opensslVerifyTimestamp(data, tsr, generateSandboxPki().caCertPem).ok).toBe(false);

    const text = opensslTimestampText(tsr);
    expect(text).toContain('Status: Granted.');
    expect(text).toContain('Time stamp: Mar  4 05:06:07 2026 GMT');
    expect(text).toMatch(/Nonce: 0x[0-9A-F]+/);
  });

  it('refuses a reply over another digest, a rejection and an unreachable TSA', async () => {
    const digest = createHash('sha256').update('manifest').digest();
    const other = tsa((q) => {
      // the reply to another request: a byte of the digest changed (the nonce and flag follow it)
      const elsewhere = Buffer.from(q);
      elsewhere[elsewhere.length - 40] = elsewhere[elsewhere.length - 40]! ^ 0xff;
      return new Response(timeStampReply(elsewhere, keys, NOW));
    });
    await expect(other.authority.timestamp(digest)).rejects.toBeInstanceOf(ProviderError);

    const rejecting = tsa(() => new Response(timeStampReply(Buffer.from('not a request'), keys, NOW)));
    await expect(rejecting.authority.timestamp(digest)).rejects.toThrow(/refused: status 2/);

    const down = tsa(() => new Response('busy', { status: 503 }));
    await expect(down.authority.timestamp(digest)).rejects.toMatchObject({ reason: 'server_error' });
  });
});
