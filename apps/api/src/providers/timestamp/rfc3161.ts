/**
 * RFC 3161 over HTTP: a TimeStampReq (SHA-256 imprint, a nonce, the TSA's certificate asked for)
 * posted as application/timestamp-query; the answer, application/timestamp-reply, must grant a
 * token over the same imprint and nonce. The TimeStampResp is kept as it came. asn1js and pkijs
 * load with the first timestamp, not at start-up.
 */
import { randomBytes } from 'node:crypto';
import type * as Pkijs from 'pkijs';
import { type FetchLike, ProviderError, providerFetch } from '../http.ts';
import type { TimestampAuthority } from './port.ts';

const SHA256 = '2.16.840.1.101.3.4.2.1';
/** PKIStatus granted (0) and grantedWithMods (1). */
const GRANTED = [0, 1];

export interface Rfc3161Options {
  url: string;
  caPem: string | null;
  /** The transport: providerFetch in production, the app itself for the sandbox TSA. */
  fetch?: FetchLike;
  timeoutMs?: number;
}

export async function timestampRequest(sha256: Buffer, nonce: Buffer): Promise<Buffer> {
  const [asn1js, pkijs] = await Promise.all([import('asn1js'), import('pkijs')]);
  const req = new pkijs.TimeStampReq({
    version: 1,
    messageImprint: new pkijs.MessageImprint({
      hashAlgorithm: new pkijs.AlgorithmIdentifier({ algorithmId: SHA256 }),
      hashedMessage: new asn1js.OctetString({ valueHex: new Uint8Array(sha256) }),
    }),
    nonce: new asn1js.Integer({ valueHex: new Uint8Array(nonce) }),
    certReq: true,
  });
  return Buffer.from(req.toSchema().toBER(false));
}

/** Checks a TimeStampResp grants a token over `sha256` with `nonce`; throws a ProviderError if not. */
export async function checkTimestampReply(der: Buffer, sha256: Buffer, nonce: Buffer): Promise<void> {
  const pkijs = await import('pkijs');
  let resp: Pkijs.TimeStampResp;
  try {
    resp = pkijs.TimeStampResp.fromBER(new Uint8Array(der));
  } catch {
    throw new ProviderError('The time-stamping authority answered something that is not a TimeStampResp');
  }
  if (!GRANTED.includes(resp.status.status) || !resp.timeStampToken)
    throw new ProviderError(
      `The time-stamping authority refused: status ${resp.status.status}`,
      undefined,
      undefined,
      'refused',
    );
  const signed = new pkijs.SignedData({ schema: resp.timeStampToken.content });
  const content = signed.encapContentInfo.eContent;
  if (!content) throw new ProviderError('The timestamp token holds no TSTInfo');
  const info = pkijs.TSTInfo.fromBER(content.getValue());
  const imprint = Buffer.from(info.messageImprint.hashedMessage.getValue());
  if (info.messageImprint.hashAlgorithm.algorithmId !== SHA256 || !imprint.equals(sha256))
    throw new ProviderError('The timestamp token is over another digest');
  const got = info.nonce ? Buffer.from(info.nonce.valueBlock.valueHexView) : null;
  if (!got || BigInt(`0x${got.toString('hex') || '0'}`) !== BigInt(`0x${nonce.toString('hex')}`))
    throw new ProviderError('The timestamp token answers another request (nonce)');
}

export class Rfc3161Authority implements TimestampAuthority {
  constructor(private readonly o: Rfc3161Options) {}

  get caPem(): string | null {
    return this.o.caPem;
  }

  async timestamp(sha256: Buffer): Promise<Buffer> {
    // a positive nonce in minimal DER: the first byte 0x01-0x7f
    const nonce = randomBytes(8);
    nonce[0] = (nonce[0]! & 0x7f) | 0x01;
    const res = await (this.o.fetch ?? providerFetch)(this.o.url, {
      method: 'POST',
      headers: { 'content-type': 'application/timestamp-query', accept: 'application/timestamp-reply' },
      body: new Uint8Array(await timestampRequest(sha256, nonce)),
      signal: AbortSignal.timeout(this.o.timeoutMs ?? 10_000),
    }).catch((err: unknown) => {
      throw new ProviderError(
        `The time-stamping authority did not answer: ${(err as Error).name}`,
        undefined,
        undefined,
        'unreachable',
      );
    });
    const body = Buffer.from(await res.arrayBuffer());
    if (!res.ok)
      throw new ProviderError(
        `The time-stamping authority answered ${res.status}`,
        res.status,
        undefined,
        res.status >= 500 ? 'server_error' : 'refused',
      );
    await checkTimestampReply(body, sha256, nonce);
    return body;
  }
}
