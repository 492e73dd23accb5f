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
import { CcaEsignGateway } from './cca-esign.ts';
import type { EsignGateway } from './port.ts';

export const SANDBOX_ESP_PATH = '/sandbox/esign/esp';

export function createEsignGateway(config: Config, now?: () => number): EsignGateway {
  if (config.sandbox)
    return new CcaEsignGateway({
      espUrl: SANDBOX_ESP_PATH,
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
  const need = requiredSetting(config);
  const env = config.providerEnv;
  const espUrl = need('ESIGN_ESP_URL');
  if (espUrl && !/^https:\/\/[^\s/]+/.test(espUrl))
    invalidSetting('ESIGN_ESP_URL', "must be the ESP's https:// signing page address");
  const aspId = need('ESIGN_ASP_ID');
  const keyPem = pemSetting(need('ESIGN_ASP_KEY_PEM'));
  const certPem = pemSetting(need('ESIGN_ASP_CERT_PEM'));
  let key: KeyObject | null = null;
  if (keyPem)
    try {
      key = createPrivateKey(keyPem);
      if (key.asymmetricKeyType !== 'rsa') throw new Error('not RSA');
    } catch {
      key = null;
      invalidSetting('ESIGN_ASP_KEY_PEM', 'must be the ASP RSA private key in PEM (-----BEGIN PRIVATE KEY-----)');
    }
  const [aspCert] = certificatesSetting('ESIGN_ASP_CERT_PEM', certPem);
  if (key && aspCert && !aspCert.checkPrivateKey(key))
    invalidSetting('ESIGN_ASP_CERT_PEM', 'must be the certificate of the key in ESIGN_ASP_KEY_PEM');
  const roots = certificatesSetting('ESIGN_TRUSTED_CA_PEMS', need('ESIGN_TRUSTED_CA_PEMS'));
  const intermediates = certificatesSetting('ESIGN_INTERMEDIATE_CA_PEMS', env.ESIGN_INTERMEDIATE_CA_PEMS);
  const espCerts = certificatesSetting('ESIGN_ESP_CERT_PEM', env.ESIGN_ESP_CERT_PEM);
  const espSigner = signerTrustOf(env.ESIGN_ESP_SIGNER_FINGERPRINTS, env.ESIGN_ESP_SIGNER_SUBJECT);
  if (env.ESIGN_ESP_SIGNER_NAME)
    invalidSetting(
      'ESIGN_ESP_SIGNER_NAME',
      'is no longer read (a name prefix trusts any certificate so named): set ESIGN_ESP_SIGNER_SUBJECT or ESIGN_ESP_SIGNER_FINGERPRINTS',
    );
  if (!env.ESIGN_ESP_CERT_PEM && signerTrustEmpty(espSigner))
    invalidSetting(
      'ESIGN_ESP_CERT_PEM',
      "or ESIGN_ESP_SIGNER_SUBJECT or ESIGN_ESP_SIGNER_FINGERPRINTS is required: the ESP's response-signing certificate, its exact subject, or its SHA-256 fingerprint",
    );
  const formField = env.ESIGN_FORM_FIELD ?? 'eSignRequest';
  if (!/^[A-Za-z][\w-]{0,39}$/.test(formField))
    invalidSetting('ESIGN_FORM_FIELD', 'must be a form field name (eSignRequest, or msg for Protean)');
  const keys = {
    aspKeyPem: keyPem,
    aspCertPem: certPem,
    espCerts,
    espSigner,
    anchors: { roots, intermediates },
  };
  return new CcaEsignGateway({ espUrl, aspId, formField, keys: () => keys, ...(now && { now }) });
}
