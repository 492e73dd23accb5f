/**
 * Certificate path validation with pkijs: a signer's certificate is trusted when a chain from it
 * through the intermediates it brought (or that configuration names) reaches a configured root,
 * every certificate valid at the given time. For Indian eSign and DigiLocker the root is the
 * Controller of Certifying Authorities' "CCA India" root; the intermediates are the licensed CA
 * (SafeScrypt, Capricorn, eMudhra, ...) and the ESP's or NeGD's issuing sub-CA.
 */
import { webcrypto, type X509Certificate } from 'node:crypto';
import type * as Pkijs from 'pkijs';
import { x509Of } from './parsed-keys.ts';

type EngineCrypto = ConstructorParameters<typeof Pkijs.CryptoEngine>[0]['crypto'];
let pkijsLoaded: Promise<typeof Pkijs> | undefined;
/** pkijs loads with the first chain to validate, not at start-up, and is given Node's WebCrypto once. */
const loadPkijs = () =>
  (pkijsLoaded ??= import('pkijs').then((pkijs) => {
    pkijs.setEngine('node', new pkijs.CryptoEngine({ name: 'node', crypto: webcrypto as unknown as EngineCrypto }));
    return pkijs;
  }));

/** Splits a bundle of PEM certificates (one setting may hold several). */
export const splitPemBundle = (bundle: string | undefined): string[] =>
  (bundle ?? '')
    .replace(/\\n/g, '\n')
    .split(/(?=-----BEGIN CERTIFICATE-----)/)
    .map((p) => p.trim())
    .filter((p) => p.startsWith('-----BEGIN CERTIFICATE-----'));

/**
 * A certificate from PEM, or from the bare base64 DER that XML signatures carry; parsed once (the
 * same signers' certificates arrive with every e-sign and e-Aadhaar).
 */
export function certificateOf(value: string): X509Certificate {
  const body = value.includes('-----BEGIN')
    ? value
    : `-----BEGIN CERTIFICATE-----\n${value.replace(/\s+/g, '')}\n-----END CERTIFICATE-----`;
  return x509Of(body);
}

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

/**
 * Chains already validated, by the fingerprints of every certificate the check was given, with
 * the span of time in which all of them are valid: within it the same chain gives the same answer
 * (no revocation lists are consulted), so a signer seen before costs no second path validation.
 */
const validatedChains = new Map<string, { from: number; to: number }>();
const MAX_VALIDATED_CHAINS = 512;
const anchorKeys = new WeakMap<TrustAnchors, string>();

const anchorKeyOf = (anchors: TrustAnchors) => {
  let key = anchorKeys.get(anchors);
  if (key === undefined) {
    key = [...anchors.roots, ...anchors.intermediates].map((c) => c.fingerprint256).join(',');
    anchorKeys.set(anchors, key);
  }
  return key;
};

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
  const given = [signer, ...brought];
  const key = `${given.map((c) => c.fingerprint256).join(',')}|${anchorKeyOf(anchors)}`;
  const known = validatedChains.get(key);
  if (known && known.from <= at.getTime() && at.getTime() <= known.to) return;
  const pkijs = await loadPkijs();
  const pkijsOf = (cert: X509Certificate) => pkijs.Certificate.fromBER(new Uint8Array(cert.raw));
  const engine = new pkijs.CertificateChainValidationEngine({
    trustedCerts: anchors.roots.map(pkijsOf),
    certs: [...given, ...anchors.intermediates].map(pkijsOf),
    checkDate: at,
  });
  const result = await engine.verify();
  if (!result.result)
    throw new Error(`the signing certificate is not from a trusted authority (${result.resultMessage})`);
  const all = [...given, ...anchors.roots, ...anchors.intermediates];
  if (validatedChains.size >= MAX_VALIDATED_CHAINS) validatedChains.delete(validatedChains.keys().next().value!);
  validatedChains.set(key, {
    from: Math.max(...all.map((c) => new Date(c.validFrom).getTime())),
    to: Math.min(...all.map((c) => new Date(c.validTo).getTime())),
  });
}
