/** The account aggregator is chosen once: the sandbox AA in sandbox mode, the configured AA in production. */
import { requiredSetting } from '../settings.ts';
import type { Config } from '../../config.ts';
import { SANDBOX_ORIGIN, type SelfFetch } from '../http.ts';
import type { AccountAggregator } from './port.ts';
import { RebitAccountAggregator } from './rebit.ts';
import { sandboxRedirectionKey } from './web-redirection.ts';

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
      redirectionKey: sandboxRedirectionKey(config.secretKey),
      fetch: selfFetch,
    });
  const env = config.providerEnv;
  const need = requiredSetting(config);
  const key = Buffer.from(need('AA_REDIRECTION_KEY'), 'base64');
  if (key.length !== 32) throw new Error('AA_REDIRECTION_KEY must be 32 bytes, base64');
  return new RebitAccountAggregator({
    baseUrl: need('AA_BASE_URL').replace(/\/$/, ''),
    webviewUrl: need('AA_WEBVIEW_URL'),
    fiuId: need('AA_FIU_ID'),
    aaHandle: need('AA_HANDLE'),
    apiKey: need('AA_CLIENT_API_KEY'),
    redirectionKey: key,
    signingKeyPem: env.AA_JWS_PRIVATE_KEY,
  });
}
