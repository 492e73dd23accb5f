/** The e-sign gateway is chosen once, from configuration: the sandbox ESP or a real one. */
import { requiredSetting } from '../settings.ts';
import type { Config } from '../../config.ts';
import { sandboxPki } from '../../documents/signing/sandbox-pki.ts';
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
          espCertPem: pki.esp.certPem,
          trustedCaPems: [pki.caCertPem],
        };
      },
      ...(now && { now }),
    });
  const need = requiredSetting(config);
  const keys = {
    aspKeyPem: need('ESIGN_ASP_KEY_PEM'),
    aspCertPem: need('ESIGN_ASP_CERT_PEM'),
    espCertPem: need('ESIGN_ESP_CERT_PEM'),
    trustedCaPems: need('ESIGN_TRUSTED_CA_PEMS')
      .split(/(?=-----BEGIN CERTIFICATE-----)/)
      .filter((p) => p.includes('BEGIN CERTIFICATE')),
  };
  return new CcaEsignGateway({
    espUrl: need('ESIGN_ESP_URL'),
    aspId: need('ESIGN_ASP_ID'),
    keys: () => keys,
    ...(now && { now }),
  });
}
