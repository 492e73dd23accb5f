/**
 * The e-sign gateway is chosen once, from configuration: the sandbox ESP or a real one. Keys and
 * certificates are parsed here, at start: a production start with one unusable says which.
 */
import { createPrivateKey, type KeyObject } from 'node:crypto';
import { certificatesSetting, invalidSetting, pemSetting, requiredSetting } from '../settings.ts';
import type { Config } from '../../config.ts';
import { certificateOf, trustAnchorsOf } from '../../documents/signing/certificate-chain.ts';
import { sandboxPki } from '../../documents/signing/sandbox-pki.ts';
import { signerTrustEmpty, signerTrustOf } from '../../documents/signing/signer-trust.ts';
import { type FetchLike, fetchJson, SANDBOX_ORIGIN } from '../http.ts';
import { CcaEsignGateway } from './cca-esign.ts';
import { FailoverEsignService, type VendorChoices } from './failover.ts';
import type { EsignGateway } from './port.ts';

/** The sandbox serves two complete ESPs, so that failing over between them can be tried. */
export const SANDBOX_ESIGN_VENDORS = ['esign', 'esign-alt'] as const;

/** Where a sandbox vendor's ESP page is served. */
export const sandboxEspPath = (vendor: string) => `/sandbox/${vendor}/esp`;

/**
 * One ESP. `vendor` names it: its settings are ESIGN_* for "esign" and ESIGN_EMUDHRA_* for
 * "esign-emudhra" (the name upper-cased, dashes as underscores).
 */
export function createEsignGateway(config: Config, now?: () => number, vendor = 'esign'): EsignGateway {
  if (config.sandbox) {
    if (!(SANDBOX_ESIGN_VENDORS as readonly string[]).includes(vendor))
      invalidSetting('ESIGN_VENDORS', `names ${vendor}: the sandbox serves ${SANDBOX_ESIGN_VENDORS.join(' and ')}`);
    return new CcaEsignGateway({
      espUrl: sandboxEspPath(vendor),
      aspId: 'EKYC-SANDBOX-ASP',
      keys: () => {
        const pki = sandboxPki(config);
        return {
          aspKeyPem: pki.asp.keyPem,
          aspCertPem: pki.asp.certPem,
          espCerts: [certificateOf(pki.esp.certPem)],
          anchors: trustAnchorsOf([pki.caCertPem]),
        };
      },
      ...(now && { now }),
    });
  }
  const p = `${vendor.toUpperCase().replace(/-/g, '_')}_`;
  const need = requiredSetting(config);
  const env = config.providerEnv;
  const espUrl = need(`${p}ESP_URL`);
  if (espUrl && !/^https:\/\/[^\s/]+/.test(espUrl))
    invalidSetting(`${p}ESP_URL`, "must be the ESP's https:// signing page address");
  const aspId = need(`${p}ASP_ID`);
  const keyPem = pemSetting(need(`${p}ASP_KEY_PEM`));
  const certPem = pemSetting(need(`${p}ASP_CERT_PEM`));
  let key: KeyObject | null = null;
  if (keyPem)
    try {
      key = createPrivateKey(keyPem);
      if (key.asymmetricKeyType !== 'rsa') throw new Error('not RSA');
    } catch {
      key = null;
      invalidSetting(`${p}ASP_KEY_PEM`, 'must be the ASP RSA private key in PEM (-----BEGIN PRIVATE KEY-----)');
    }
  const [aspCert] = certificatesSetting(`${p}ASP_CERT_PEM`, certPem);
  if (key && aspCert && !aspCert.checkPrivateKey(key))
    invalidSetting(`${p}ASP_CERT_PEM`, `must be the certificate of the key in ${p}ASP_KEY_PEM`);
  const roots = certificatesSetting(`${p}TRUSTED_CA_PEMS`, need(`${p}TRUSTED_CA_PEMS`));
  const intermediates = certificatesSetting(`${p}INTERMEDIATE_CA_PEMS`, env[`${p}INTERMEDIATE_CA_PEMS`]);
  const espCerts = certificatesSetting(`${p}ESP_CERT_PEM`, env[`${p}ESP_CERT_PEM`]);
  const espSigner = signerTrustOf(env[`${p}ESP_SIGNER_FINGERPRINTS`], env[`${p}ESP_SIGNER_SUBJECT`]);
  if (env[`${p}ESP_SIGNER_NAME`])
    invalidSetting(
      `${p}ESP_SIGNER_NAME`,
      `is no longer read (a name prefix trusts any certificate so named): set ${p}ESP_SIGNER_SUBJECT or ${p}ESP_SIGNER_FINGERPRINTS`,
    );
  if (!env[`${p}ESP_CERT_PEM`] && signerTrustEmpty(espSigner))
    invalidSetting(
      `${p}ESP_CERT_PEM`,
      `or ${p}ESP_SIGNER_SUBJECT or ${p}ESP_SIGNER_FINGERPRINTS is required: the ESP's response-signing certificate, its exact subject, or its SHA-256 fingerprint`,
    );
  const formField = env[`${p}FORM_FIELD`] ?? 'eSignRequest';
  if (!/^[A-Za-z][\w-]{0,39}$/.test(formField))
    invalidSetting(`${p}FORM_FIELD`, 'must be a form field name (eSignRequest, or msg for Protean)');
  const keys = {
    aspKeyPem: keyPem,
    aspCertPem: certPem,
    espCerts,
    espSigner,
    anchors: { roots, intermediates },
  };
  return new CcaEsignGateway({ espUrl, aspId, formField, keys: () => keys, ...(now && { now }) });
}

/**
 * The e-sign service: the vendors of ESIGN_VENDORS in order, each checked before a signing at its
 * health address (the sandbox's own; ESIGN_HEALTH_URL, ESIGN_<NAME>_HEALTH_URL for a real one,
 * optional) through the one provider client, so its calls, failures and budget are the vendor's.
 */
export function createEsignService(
  config: Config,
  choices: VendorChoices,
  selfFetch: FetchLike,
  now?: () => number,
): FailoverEsignService {
  const vendors = config.surge.esignVendors.map((name) => {
    const gateway = createEsignGateway(config, now, name);
    const setting = `${name.toUpperCase().replace(/-/g, '_')}_HEALTH_URL`;
    const healthUrl = config.sandbox ? `${SANDBOX_ORIGIN}/sandbox/${name}/health` : config.providerEnv[setting];
    if (healthUrl && !config.sandbox && !/^https:\/\/[^\s/]+/.test(healthUrl))
      invalidSetting(setting, "must be the ESP's https:// status address");
    const check = healthUrl
      ? async () => {
          await fetchJson(healthUrl, { provider: name, ...(config.sandbox && { fetch: selfFetch }) });
        }
      : undefined;
    return { name, gateway, ...(check && { check }) };
  });
  return new FailoverEsignService(vendors, choices, config.surge.breaker);
}
