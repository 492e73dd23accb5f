/**
 * The time-stamping authority is chosen once, from configuration: the sandbox TSA (served by this
 * app under /sandbox/tsa/) or a real one at TSA_URL, whose root TSA_CA_CERT names for verifiers.
 */
import { certificatesSetting, invalidSetting, pemSetting, requiredSetting } from '../settings.ts';
import type { Config } from '../../config.ts';
import { sandboxPki } from '../../documents/signing/sandbox-pki.ts';
import { SANDBOX_ORIGIN, type SelfFetch } from '../http.ts';
import type { TimestampAuthority } from './port.ts';
import { Rfc3161Authority } from './rfc3161.ts';

export function createTimestampAuthority(config: Config, selfFetch: SelfFetch): TimestampAuthority {
  if (config.sandbox)
    return new Rfc3161Authority({
      url: `${SANDBOX_ORIGIN}/sandbox/tsa/timestamp`,
      // read when first asked for: a first start does not generate the sandbox PKI
      get caPem() {
        return sandboxPki(config).caCertPem;
      },
      fetch: selfFetch,
    });
  const url = requiredSetting(config)('TSA_URL');
  if (url && !/^https?:\/\/[^\s/]+/.test(url)) invalidSetting('TSA_URL', "must be the TSA's http(s):// address");
  const ca = config.providerEnv.TSA_CA_CERT;
  certificatesSetting('TSA_CA_CERT', ca && pemSetting(ca));
  return new Rfc3161Authority({ url, caPem: ca ? pemSetting(ca) : null });
}
