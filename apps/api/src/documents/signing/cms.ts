/**
 * CMS (PKCS#7) SignedData, detached, over a SHA-256 digest: what an eSign service returns in
 * DocSignature. The service signs the InputHash it was given (it never sees the document), so the
 * structure is assembled here from the digest: signed attributes contentType, signingTime and
 * messageDigest, an RSA-SHA256 signature over them, and the signer's certificate chain.
 */
import { createSign, createVerify } from 'node:crypto';
import type Forge from 'node-forge';
import { certificateOf, type TrustAnchors, verifyChain } from './certificate-chain.ts';
import { loadForge } from './forge.ts';
import { forgeCertificateOf, privateKeyOf } from './parsed-keys.ts';

type Asn1 = Forge.asn1.Asn1;
const OID = {
  signedData: '1.2.840.113549.1.7.2',
  data: '1.2.840.113549.1.7.1',
  sha256: '2.16.840.1.101.3.4.2.1',
  rsaEncryption: '1.2.840.113549.1.1.1',
  contentType: '1.2.840.113549.1.9.3',
  messageDigest: '1.2.840.113549.1.9.4',
  signingTime: '1.2.840.113549.1.9.5',
};

/** DER building blocks on node-forge's ASN.1, made when the first CMS is built or read. */
function makeKit() {
  const forge = loadForge();
  const { asn1 } = forge;
  const seq = (items: Asn1[]) => asn1.create(asn1.Class.UNIVERSAL, asn1.Type.SEQUENCE, true, items);
  const set = (items: Asn1[]) => asn1.create(asn1.Class.UNIVERSAL, asn1.Type.SET, true, items);
  const oid = (value: string) =>
    asn1.create(asn1.Class.UNIVERSAL, asn1.Type.OID, false, asn1.oidToDer(value).getBytes());
  const nul = () => asn1.create(asn1.Class.UNIVERSAL, asn1.Type.NULL, false, '');
  const octets = (bytes: Buffer) =>
    asn1.create(asn1.Class.UNIVERSAL, asn1.Type.OCTETSTRING, false, bytes.toString('binary'));
  const int = (n: number) =>
    asn1.create(asn1.Class.UNIVERSAL, asn1.Type.INTEGER, false, asn1.integerToDer(n).getBytes());
  const algorithm = (id: string) => seq([oid(id), nul()]);
  const der = (node: Asn1) => Buffer.from(asn1.toDer(node).getBytes(), 'binary');
  const attribute = (type: string, value: Asn1) => seq([oid(type), set([value])]);
  return { forge, asn1, seq, set, oid, octets, int, algorithm, der, attribute };
}
let kit: ReturnType<typeof makeKit> | undefined;
const asn1Kit = () => (kit ??= makeKit());

export function createDetachedCms(options: {
  digest: Buffer;
  keyPem: string;
  certPem: string;
  chainPems: string[];
  signingTime?: Date;
}): Buffer {
  if (options.digest.length !== 32) throw new Error('a SHA-256 digest is 32 bytes');
  const { forge, asn1, seq, set, oid, octets, int, algorithm, der, attribute } = asn1Kit();
  const cert = forgeCertificateOf(options.certPem);
  const attributes = [
    attribute(OID.contentType, oid(OID.data)),
    attribute(
      OID.signingTime,
      asn1.create(
        asn1.Class.UNIVERSAL,
        asn1.Type.UTCTIME,
        false,
        asn1.dateToUtcTime(options.signingTime ?? new Date()),
      ),
    ),
    attribute(OID.messageDigest, octets(options.digest)),
  ];
  // the signature covers the attributes DER-encoded as a SET; they travel as [0] IMPLICIT
  const signature = createSign('sha256')
    .update(der(set(attributes)))
    .sign(privateKeyOf(options.keyPem));
  const signedAttrs = asn1.create(asn1.Class.CONTEXT_SPECIFIC, 0, true, attributes);
  const issuerAndSerial = seq([
    forge.pki.distinguishedNameToAsn1(cert.issuer),
    asn1.create(asn1.Class.UNIVERSAL, asn1.Type.INTEGER, false, forge.util.hexToBytes(cert.serialNumber)),
  ]);
  const signerInfo = seq([
    int(1),
    issuerAndSerial,
    algorithm(OID.sha256),
    signedAttrs,
    algorithm(OID.rsaEncryption),
    octets(signature),
  ]);
  const certificates = asn1.create(
    asn1.Class.CONTEXT_SPECIFIC,
    0,
    true,
    [options.certPem, ...options.chainPems].map((pem) => forge.pki.certificateToAsn1(forgeCertificateOf(pem))),
  );
  const signedData = seq([int(1), set([algorithm(OID.sha256)]), seq([oid(OID.data)]), certificates, set([signerInfo])]);
  return der(seq([oid(OID.signedData), asn1.create(asn1.Class.CONTEXT_SPECIFIC, 0, true, [signedData])]));
}

export interface CmsCheck {
  digest: Buffer;
  signerCertPem: string;
}

/**
 * Checks a detached CMS as an ASP must before embedding it: the signature over the signed
 * attributes is the signer certificate's, the certificate chains to a trusted root (through the
 * certificates the CMS carries or the configured intermediates), and the signed digest is the
 * InputHash that was sent. Throws on any mismatch.
 */
export async function verifyDetachedCms(
  cms: Buffer,
  expectedDigest: Buffer,
  anchors: TrustAnchors,
  at: Date = new Date(),
): Promise<CmsCheck> {
  const { forge, asn1, der, set } = asn1Kit();
  const root = asn1.fromDer(forge.util.createBuffer(cms.toString('binary')));
  const contentInfo = root.value as Asn1[];
  if (asn1.derToOid(contentInfo[0]!.value as string) !== OID.signedData) throw new Error('not a CMS SignedData');
  const signedData = (contentInfo[1]!.value as Asn1[])[0]!.value as Asn1[];
  const certsNode = signedData.find((n) => n.tagClass === asn1.Class.CONTEXT_SPECIFIC && n.type === 0);
  const signerInfos = signedData[signedData.length - 1]!.value as Asn1[];
  const signerInfo = signerInfos[0]!.value as Asn1[];
  const signedAttrs = signerInfo.find((n) => n.tagClass === asn1.Class.CONTEXT_SPECIFIC && n.type === 0);
  const signatureNode = signerInfo[signerInfo.length - 1]!;
  if (!certsNode || !signedAttrs) throw new Error('the CMS lacks certificates or signed attributes');

  const certs = (certsNode.value as Asn1[]).map((c) => certificateOf(der(c).toString('base64')));
  const attrs = signedAttrs.value as Asn1[];
  const digestAttr = attrs.find((a) => asn1.derToOid((a.value as Asn1[])[0]!.value as string) === OID.messageDigest);
  const digest = Buffer.from(((digestAttr!.value as Asn1[])[1]!.value as Asn1[])[0]!.value as string, 'binary');
  if (!digest.equals(expectedDigest)) throw new Error('the signature is over another document');

  const signature = Buffer.from(signatureNode.value as string, 'binary');
  const signedBytes = der(set(attrs));
  const signer = certs.find((c) => createVerify('sha256').update(signedBytes).verify(c.publicKey, signature));
  if (!signer) throw new Error('the signature does not verify');
  await verifyChain(
    signer,
    certs.filter((c) => c !== signer),
    anchors,
    at,
  );
  return { digest, signerCertPem: signer.toString() };
}
