/** The DigiLocker port is chosen once, from configuration. */
import { certificatesSetting, invalidSetting, requiredSetting } from '../settings.ts';
import type { Config } from '../../config.ts';
import { certificateOf, trustAnchorsOf, verifyChain } from '../../documents/signing/certificate-chain.ts';
import { sandboxPki } from '../../documents/signing/sandbox-pki.ts';
import {
  fingerprintOf,
  type SignerTrust,
  signerTrusted,
  signerTrustEmpty,
  signerTrustOf,
} from '../../documents/signing/signer-trust.ts';
import { verifyXmlEnveloped } from '../../documents/signing/xml-signature.ts';
import { SANDBOX_ORIGIN, type SelfFetch } from '../http.ts';
import { MeripehchaanDigilocker } from './meripehchaan.ts';
import type { DigilockerClient } from './port.ts';

/** The sandbox's fixed partner credentials (its token endpoint checks them). */
export const SANDBOX_DIGILOCKER_CLIENT = { id: 'SANDBOXEKYC01', secret: 'sandbox-digilocker-secret' };

/**
 * A verifier of e-Aadhaar XML signatures: the signer is NeGD's certificate, named by its SHA-256
 * fingerprint or its exact subject (not a common-name prefix, which any certificate a CA of the
 * chain issues could carry), and chained to a root. Resolves to the signed content, canonicalised.
 */
export function eAadhaarVerifier(options: {
  roots: string[];
  intermediates?: string[];
  signer: SignerTrust;
  now?: () => number;
}) {
  const anchors = trustAnchorsOf(options.roots, options.intermediates ?? []);
  return async (signedXml: string) => {
    const verified = verifyXmlEnveloped(signedXml);
    if (!signerTrusted(verified.signer, options.signer))
      throw new Error(
        `signed by "${verified.signer.subject.replace(/\n/g, ', ')}", not the configured e-Aadhaar signer`,
      );
    await verifyChain(verified.signer, verified.brought, anchors, new Date((options.now ?? Date.now)()));
    return verified.signedXml;
  };
}

export function createDigilocker(config: Config, selfFetch: SelfFetch): DigilockerClient {
  const env = config.providerEnv;
  const redirectUri = env.DIGILOCKER_REDIRECT_URI ?? `${config.publicUrl}/ekyc1/returnurl`;
  if (config.sandbox) {
    let sandboxVerifier: ((xml: string) => Promise<string>) | undefined;
    return new MeripehchaanDigilocker({
      baseUrl: `${SANDBOX_ORIGIN}/sandbox/digilocker`,
      // The browser reaches the sandbox consent page on this same origin.
      authorizeBaseUrl: '/sandbox/digilocker',
      clientId: SANDBOX_DIGILOCKER_CLIENT.id,
      clientSecret: SANDBOX_DIGILOCKER_CLIENT.secret,
      redirectUri,
      fetch: selfFetch,
      // the sandbox signs with its own test authority, checked the same way as NeGD's
      verifyEAadhaar: (xml) => {
        if (!sandboxVerifier) {
          const pki = sandboxPki(config);
          sandboxVerifier = eAadhaarVerifier({
            roots: [pki.caCertPem],
            signer: {
              fingerprints: [fingerprintOf(certificateOf(pki.digilocker.certPem).fingerprint256)],
              subjects: [],
            },
          });
        }
        return sandboxVerifier(xml);
      },
    });
  }
  const need = requiredSetting(config);
  const baseUrl = env.DIGILOCKER_BASE_URL ?? 'https://digilocker.meripehchaan.gov.in/public';
  if (!/^https:\/\/[^\s/]+/.test(baseUrl)) invalidSetting('DIGILOCKER_BASE_URL', 'must be an https:// address');
  const roots = certificatesSetting('DIGILOCKER_TRUSTED_CA_PEMS', need('DIGILOCKER_TRUSTED_CA_PEMS'));
  const intermediates = certificatesSetting('DIGILOCKER_INTERMEDIATE_CA_PEMS', env.DIGILOCKER_INTERMEDIATE_CA_PEMS);
  const signer = signerTrustOf(env.DIGILOCKER_EAADHAAR_SIGNER_FINGERPRINTS, env.DIGILOCKER_EAADHAAR_SIGNER_SUBJECT);
  if (env.DIGILOCKER_EAADHAAR_SIGNER_NAME)
    invalidSetting(
      'DIGILOCKER_EAADHAAR_SIGNER_NAME',
      'is no longer read (a name prefix trusts any certificate so named): set DIGILOCKER_EAADHAAR_SIGNER_SUBJECT or DIGILOCKER_EAADHAAR_SIGNER_FINGERPRINTS',
    );
  if (signerTrustEmpty(signer))
    invalidSetting(
      'DIGILOCKER_EAADHAAR_SIGNER_SUBJECT',
      "or DIGILOCKER_EAADHAAR_SIGNER_FINGERPRINTS is required: NeGD's e-Aadhaar signing certificate, by exact subject or SHA-256 fingerprint",
    );
  return new MeripehchaanDigilocker({
    baseUrl,
    authorizeBaseUrl: baseUrl,
    clientId: need('DIGILOCKER_CLIENT_ID'),
    clientSecret: need('DIGILOCKER_CLIENT_SECRET'),
    redirectUri,
    verifyEAadhaar: eAadhaarVerifier({
      roots: roots.map((c) => c.toString()),
      intermediates: intermediates.map((c) => c.toString()),
      signer,
    }),
  });
}
