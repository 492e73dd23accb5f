/** The account aggregator is chosen once: the sandbox AA in sandbox mode, the configured AA in production. */
import { requiredSetting } from '../settings.ts';
import { type Config, ConfigError } from '../../config.ts';
import { SANDBOX_ORIGIN, type SelfFetch } from '../http.ts';
import type { AccountAggregator } from './port.ts';
import { RebitAccountAggregator } from './rebit.ts';
import { sandboxRedirectionSecret } from './web-redirection.ts';

export const SANDBOX_FIU_ID = 'ekyc-fiu';
export const SANDBOX_AA_HANDLE = 'sandbox-aa';
export const SANDBOX_AA_API_KEY = 'sandbox-client-api-key';

export function createAccountAggregator(config: Config, selfFetch: SelfFetch): AccountAggregator {
  if (config.sandbox)
    return new RebitAccountAggregator({
      baseUrl: `${SANDBOX_ORIGIN}/sandbox/account-aggregator`,
      webviewUrl: `${config.publicUrl}/sandbox/account-aggregator/webview`,
      fiuId: SANDBOX_FIU_ID,
      aaHandle: SANDBOX_AA_HANDLE,
      apiKey: SANDBOX_AA_API_KEY,
      redirectionSecret: sandboxRedirectionSecret(config.secretKey),
      fetch: selfFetch,
    });
  const env = config.providerEnv;
  const need = requiredSetting(config);
  // Sahamati: "the 32 character secret passphrase shared by the AA with the FIU".
  const secret = need('AA_REDIRECTION_SECRET');
  if (secret.length !== 32)
    throw new ConfigError('AA_REDIRECTION_SECRET must be the 32-character passphrase the AA shares');
  return new RebitAccountAggregator({
    baseUrl: need('AA_BASE_URL').replace(/\/$/, ''),
    webviewUrl: need('AA_WEBVIEW_URL'),
    fiuId: need('AA_FIU_ID'),
    aaHandle: need('AA_HANDLE'),
    apiKey: need('AA_CLIENT_API_KEY'),
    redirectionSecret: secret,
    signingKeyPem: env.AA_JWS_PRIVATE_KEY,
  });
}
