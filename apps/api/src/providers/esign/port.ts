/** Aadhaar eSign through an e-sign service provider (ESP), eSign API 2.1 (PROVIDERS.md). */
import type { TrustAnchors } from '../../documents/signing/certificate-chain.ts';

export interface SigningForm {
  /** The ESP's page the browser posts to; it runs the Aadhaar OTP screens. */
  action: string;
  fields: Record<string, string>;
}

export type SigningResult =
  | { txn: string; ok: true; cms: Buffer; userCertificate?: string }
  | { txn: string; ok: false; errCode: string; errMsg: string };

export interface EsignGateway {
  /** The signed <Esign> request for one InputHash, as the form the popup posts. */
  signingForm(input: { txn: string; inputHash: Buffer; docInfo: string; responseUrl: string }): SigningForm;
  /** Verifies the ESP's <EsignResp> posted back to responseUrl and takes the CMS out of it. */
  readResponse(eSignResponse: string): Promise<SigningResult>;
  /** Roots and intermediates a document signer's certificate must chain to (checked before a CMS is embedded). */
  readonly trustAnchors: TrustAnchors;
  now(): number;
  /**
   * A detached CMS (PKCS#7) over a SHA-256 digest by the ASP's key: the broker's organisational
   * certificate, which signs its eSign requests, seals the evidence it hands to an inspection.
   */
  seal(digest: Buffer): Buffer;
}

/**
 * The e-sign service the steps use: one or more ESPs behind it (ESIGN_VENDORS, failover.ts). A
 * signing goes to one vendor, named on the form, and its answer is read with that vendor's keys.
 */
export interface EsignService extends Omit<EsignGateway, 'signingForm' | 'readResponse'> {
  signingForm(input: {
    txn: string;
    inputHash: Buffer;
    docInfo: string;
    responseUrl: string;
  }): Promise<SigningForm & { vendor: string }>;
  readResponse(eSignResponse: string): Promise<SigningResult & { vendor: string }>;
}
