/**
 * The sandbox TSA's answer to a TimeStampReq (RFC 3161): a TimeStampResp granting a token, a CMS
 * SignedData over a TSTInfo (the request's imprint and nonce, a serial number, the time) signed by
 * the sandbox TSA's key with the signed attributes a verifier checks (content type, message
 * digest, the signing certificate's hash: ESS signingCertificateV2), its certificate included when
 * asked. A request that is not one is answered with status rejection (2), as a TSA does.
 */
import { createHash, createPrivateKey, randomBytes, sign } from 'node:crypto';
import * as asn1js from 'asn1js';
import * as pkijs from 'pkijs';
import type { SandboxTsaKeys } from './tsa-certificate.ts';

const OID = {
  sha256: '2.16.840.1.101.3.4.2.1',
  sha256WithRsa: '1.2.840.113549.1.1.11',
  signedData: '1.2.840.113549.1.7.2',
  tstInfo: '1.2.840.113549.1.9.16.1.4',
  contentType: '1.2.840.113549.1.9.3',
  messageDigest: '1.2.840.113549.1.9.4',
  signingCertificateV2: '1.2.840.113549.1.9.16.2.47',
  /** The sandbox's time-stamping policy (an arc under the sandbox's private enterprise stand-in). */
  policy: '1.3.6.1.4.1.99999.3161.1',
};

const rejection = () =>
  Buffer.from(new pkijs.TimeStampResp({ status: new pkijs.PKIStatusInfo({ status: 2 }) }).toSchema().toBER(false));

const derOf = (pem: string) => Buffer.from(pem.replace(/-----[^-]+-----/g, '').replace(/\s+/g, ''), 'base64');

export function timeStampReply(query: Buffer, keys: SandboxTsaKeys, now: Date): Buffer {
  let req: pkijs.TimeStampReq;
  try {
    req = pkijs.TimeStampReq.fromBER(new Uint8Array(query));
  } catch {
    return rejection();
  }
  if (req.messageImprint.hashAlgorithm.algorithmId !== OID.sha256) return rejection();
  const certDer = derOf(keys.certPem);
  const cert = pkijs.Certificate.fromBER(new Uint8Array(certDer));

  const serial = randomBytes(12);
  serial[0] = (serial[0]! & 0x7f) | 0x01;
  const tst = new pkijs.TSTInfo({
    version: 1,
    policy: OID.policy,
    messageImprint: req.messageImprint,
    serialNumber: new asn1js.Integer({ valueHex: new Uint8Array(serial) }),
    genTime: new Date(Math.floor(now.getTime() / 1000) * 1000),
    ...(req.nonce && { nonce: req.nonce }),
  });
  const tstDer = Buffer.from(tst.toSchema().toBER(false));

  const attribute = (type: string, value: asn1js.AsnType) => new pkijs.Attribute({ type, values: [value] });
  const signedAttrs = new pkijs.SignedAndUnsignedAttributes({
    type: 0,
    attributes: [
      attribute(OID.contentType, new asn1js.ObjectIdentifier({ value: OID.tstInfo })),
      attribute(
        OID.messageDigest,
        new asn1js.OctetString({ valueHex: new Uint8Array(createHash('sha256').update(tstDer).digest()) }),
      ),
      // SigningCertificateV2 ::= SEQUENCE { certs SEQUENCE OF ESSCertIDv2 }; ESSCertIDv2 with the
      // default hash (SHA-256): SEQUENCE { certHash OCTET STRING }
      attribute(
        OID.signingCertificateV2,
        new asn1js.Sequence({
          value: [
            new asn1js.Sequence({
              value: [
                new asn1js.Sequence({
                  value: [
                    new asn1js.OctetString({
                      valueHex: new Uint8Array(createHash('sha256').update(certDer).digest()),
                    }),
                  ],
                }),
              ],
            }),
          ],
        }),
      ),
    ],
  });
  // the signature is over the signed attributes encoded as a SET (tag 0x31), not [0]
  const attrsDer = Buffer.from(signedAttrs.toSchema().toBER(false));
  attrsDer[0] = 0x31;
  const signature = sign('sha256', attrsDer, createPrivateKey(keys.keyPem));

  const signer = new pkijs.SignerInfo({
    version: 1,
    sid: new pkijs.IssuerAndSerialNumber({ issuer: cert.issuer, serialNumber: cert.serialNumber }),
    digestAlgorithm: new pkijs.AlgorithmIdentifier({ algorithmId: OID.sha256, algorithmParams: new asn1js.Null() }),
    signedAttrs,
    signatureAlgorithm: new pkijs.AlgorithmIdentifier({
      algorithmId: OID.sha256WithRsa,
      algorithmParams: new asn1js.Null(),
    }),
    signature: new asn1js.OctetString({ valueHex: new Uint8Array(signature) }),
  });
  const signed = new pkijs.SignedData({
    version: 3,
    digestAlgorithms: [new pkijs.AlgorithmIdentifier({ algorithmId: OID.sha256, algorithmParams: new asn1js.Null() })],
    encapContentInfo: new pkijs.EncapsulatedContentInfo({
      eContentType: OID.tstInfo,
      eContent: new asn1js.OctetString({ valueHex: new Uint8Array(tstDer) }),
    }),
    ...(req.certReq && { certificates: [cert] }),
    signerInfos: [signer],
  });
  const token = new pkijs.ContentInfo({ contentType: OID.signedData, content: signed.toSchema(true) });
  return Buffer.from(
    new pkijs.TimeStampResp({ status: new pkijs.PKIStatusInfo({ status: 0 }), timeStampToken: token })
      .toSchema()
      .toBER(false),
  );
}
