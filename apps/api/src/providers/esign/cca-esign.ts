/** ESP adapter speaking the CCA eSign API 2.1 wire format: a signed <Esign> out, a signed <EsignResp> back. */
import { buildEsignXml, parseEsignRespXml, signEnveloped, verifyEnvelopedSignature } from './esign-xml.ts';
import type { EsignGateway, SigningForm, SigningResult } from './port.ts';

export interface EsignKeys {
  aspKeyPem: string;
  aspCertPem: string;
  /** The ESP's response-signing certificate. */
  espCertPem: string;
  trustedCaPems: string[];
}

export interface CcaEsignOptions {
  espUrl: string;
  aspId: string;
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

  get trustedCaPems() {
    return this.keys.trustedCaPems;
  }

  now() {
    return (this.options.now ?? Date.now)();
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
        eSignRequest: signEnveloped(xml, this.keys.aspKeyPem, this.keys.aspCertPem),
        aspTxnID: input.txn,
        'Content-Type': 'application/xml',
      },
    };
  }

  readResponse(eSignResponse: string): SigningResult {
    const document = verifyEnvelopedSignature(eSignResponse, this.keys.espCertPem);
    const resp = parseEsignRespXml(document);
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
