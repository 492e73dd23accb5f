/**
 * Certificate path validation with pkijs: a signer's certificate is trusted when a chain from it
 * through the intermediates it brought (or that configuration names) reaches a configured root,
 * every certificate valid at the given time. For Indian eSign and DigiLocker the root is the
 * Controller of Certifying Authorities' "CCA India" root; the intermediates are the licensed CA
 * (SafeScrypt, Capricorn, eMudhra, ...) and the ESP's or NeGD's issuing sub-CA.
 */
import { webcrypto, X509Certificate } from 'node:crypto';
import * as pkijs from 'pkijs';

type EngineCrypto = ConstructorParameters<typeof pkijs.CryptoEngine>[0]['crypto'];
pkijs.setEngine('node', new pkijs.CryptoEngine({ name: 'node', crypto: webcrypto as unknown as EngineCrypto }));

/** Splits a bundle of PEM certificates (one setting may hold several). */
export const splitPemBundle = (bundle: string | undefined): string[] =>
  (bundle ?? '')
    .replace(/\\n/g, '\n')
    .split(/(?=-----BEGIN CERTIFICATE-----)/)
    .map((p) => p.trim())
    .filter((p) => p.startsWith('-----BEGIN CERTIFICATE-----'));

/** A certificate from PEM, or from the bare base64 DER that XML signatures carry. */
export function certificateOf(value: string): X509Certificate {
  const body = value.includes('-----BEGIN')
    ? value
    : `-----BEGIN CERTIFICATE-----\n${value.replace(/\s+/g, '')}\n-----END CERTIFICATE-----`;
  return new X509Certificate(body);
}

const pkijsOf = (cert: X509Certificate) => pkijs.Certificate.fromBER(new Uint8Array(cert.raw));

export interface TrustAnchors {
  /** Trust anchors (self-signed roots). */
  roots: X509Certificate[];
  /** Intermediates known from configuration, used when a signer does not bring them. */
  intermediates: X509Certificate[];
}

export const trustAnchorsOf = (rootPems: string[], intermediatePems: string[] = []): TrustAnchors => ({
  roots: rootPems.map(certificateOf),
  intermediates: intermediatePems.map(certificateOf),
});

/** Throws unless `signer` chains to one of the roots, every certificate valid at `at`. */
export async function verifyChain(
  signer: X509Certificate,
  brought: X509Certificate[],
  anchors: TrustAnchors,
  at: Date,
): Promise<void> {
  if (new Date(signer.validFrom) > at || new Date(signer.validTo) < at)
    throw new Error('the signing certificate is not valid now');
  if (anchors.roots.length === 0) throw new Error('no trusted root is configured');
  const engine = new pkijs.CertificateChainValidationEngine({
    trustedCerts: anchors.roots.map(pkijsOf),
    certs: [signer, ...brought, ...anchors.intermediates].map(pkijsOf),
    checkDate: at,
  });
  const result = await engine.verify();
  if (!result.result)
    throw new Error(`the signing certificate is not from a trusted authority (${result.resultMessage})`);
}
