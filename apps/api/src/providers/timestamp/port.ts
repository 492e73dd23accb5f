/** A time-stamping authority (RFC 3161): a trusted time on a digest, verifiable by anyone. */
export interface TimestampAuthority {
  /** The TSA's TimeStampResp (DER), granted over this SHA-256 digest. */
  timestamp(sha256: Buffer): Promise<Buffer>;
  /** The certificates to verify its tokens by (`openssl ts -verify -CAfile`), when configured. */
  readonly caPem: string | null;
}
