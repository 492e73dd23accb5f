/** ESP adapter speaking the CCA eSign API 2.1 wire format: a signed <Esign> out, a signed <EsignResp> back. */
import type { X509Certificate } from 'node:crypto';
import { type TrustAnchors, verifyChain } from '../../documents/signing/certificate-chain.ts';
import { createDetachedCms } from '../../documents/signing/cms.ts';
import { signXmlEnveloped, verifyXmlEnveloped } from '../../documents/signing/xml-signature.ts';
import { type SignerTrust, signerTrusted } from '../../documents/signing/signer-trust.ts';
import { buildEsignXml, parseEsignRespXml } from './esign-xml.ts';
import type { EsignGateway, SigningForm, SigningResult } from './port.ts';

export interface EsignKeys {
  aspKeyPem: string;
  aspCertPem: string;
  /** The ESP's response-signing certificate(s), pinned; used too when KeyInfo carries none. */
  espCerts: X509Certificate[];
  /** Or: that certificate by exact subject or SHA-256 fingerprint (survives a renewal by subject). */
  espSigner?: SignerTrust;
  /** Roots (CCA India) and the licensed CA / ESP sub-CA intermediates. */
  anchors: TrustAnchors;
}

export interface CcaEsignOptions {
  espUrl: string;
  aspId: string;
  /** The form field carrying <Esign>: eSignRequest (C-DAC, eMudhra) or msg (Protean). */
  formField?: string;
  /** Read on first use (the sandbox generates its authority then, not at every start). */
  keys: () => EsignKeys;
  now?: () => number;
}

/** eSign timestamps are local ISO time without zone: yyyy-MM-ddTHH:mm:ss (IST). */
const istTimestamp = (ms: number) => new Date(ms + 5.5 * 3600 * 1000).toISOString().slice(0, 19);

export class CcaEsignGateway implements EsignGateway {
  private loaded: EsignKeys | null = null;

  constructor(private readonly options: CcaEsignOptions) {}

  private get keys(): EsignKeys {
    return (this.loaded ??= this.options.keys());
  }

  get trustAnchors() {
    return this.keys.anchors;
  }

  now() {
    return (this.options.now ?? Date.now)();
  }

  seal(digest: Buffer): Buffer {
    const { aspKeyPem, aspCertPem } = this.keys;
    return createDetachedCms({
      digest,
      keyPem: aspKeyPem,
      certPem: aspCertPem,
      chainPems: [],
      signingTime: new Date(this.now()),
    });
  }

  signingForm(input: { txn: string; inputHash: Buffer; docInfo: string; responseUrl: string }): SigningForm {
    const xml = buildEsignXml({
      ts: istTimestamp(this.now()),
      txn: input.txn,
      aspId: this.options.aspId,
      responseUrl: input.responseUrl,
      inputHashHex: input.inputHash.toString('hex'),
      docInfo: input.docInfo,
    });
    return {
      action: this.options.espUrl,
      fields: {
        [this.options.formField ?? 'eSignRequest']: signXmlEnveloped(xml, this.keys.aspKeyPem, this.keys.aspCertPem),
        aspTxnID: input.txn,
        'Content-Type': 'application/xml',
      },
    };
  }

  async readResponse(eSignResponse: string): Promise<SigningResult> {
    const keys = this.keys;
    const verified = verifyXmlEnveloped(eSignResponse, keys.espCerts);
    const pinned = keys.espCerts.some((c) => c.fingerprint256 === verified.signer.fingerprint256);
    const named = !!keys.espSigner && signerTrusted(verified.signer, keys.espSigner);
    if (!pinned && !named) throw new Error('the answer is not signed by the configured e-sign service');
    await verifyChain(verified.signer, verified.brought, keys.anchors, new Date(this.now()));
    const resp = parseEsignRespXml(verified.signedXml);
    if (resp.status !== '1' || !resp.docSignature)
      return { txn: resp.txn, ok: false, errCode: resp.errCode ?? 'unknown', errMsg: resp.errMsg ?? 'Signing failed' };
    return {
      txn: resp.txn,
      ok: true,
      cms: Buffer.from(resp.docSignature, 'base64'),
      ...(resp.userCertificate && { userCertificate: resp.userCertificate }),
    };
  }
}
