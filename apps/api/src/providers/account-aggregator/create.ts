/**
 * The account aggregator is chosen once: the sandbox AA in sandbox mode, the configured AA in
 * production. Either way every answer's x-jws-signature is checked with the AA's key from a
 * Central Registry (the sandbox serves its own). Requests are signed in production: an AA refuses
 * an unsigned one, so a start without AA_JWS_PRIVATE_KEY is refused too.
 */
import { createHash } from 'node:crypto';
import { invalidSetting, requiredSetting } from '../settings.ts';
import { type Config, ConfigError } from '../../config.ts';
import { SANDBOX_ORIGIN, type SelfFetch } from '../http.ts';
import type { AccountAggregator } from './port.ts';
import { CentralRegistryKeys } from './aa-keys.ts';
import { RebitAccountAggregator } from './rebit.ts';

export const SANDBOX_FIU_ID = 'ekyc-fiu';
export const SANDBOX_AA_HANDLE = 'sandbox-aa';
export const SANDBOX_AA_API_KEY = 'sandbox-client-api-key';
/** The sandbox AA's entity id, as a Central Registry would list it. */
export const SANDBOX_AA_ID = 'SANDBOX-AA';
/** The sandbox AA and this FIU share a passphrase derived from the app's secret (sandbox mode only). */
export const sandboxRedirectionSecret = (secret: Buffer) =>
  createHash('sha256').update('sandbox-account-aggregator:').update(secret).digest('hex').slice(0, 32);
const SANDBOX_CR = `${SANDBOX_ORIGIN}/sandbox/account-aggregator/cr`;

export function createAccountAggregator(config: Config, selfFetch: SelfFetch): AccountAggregator {
  if (config.sandbox)
    return new RebitAccountAggregator({
      baseUrl: `${SANDBOX_ORIGIN}/sandbox/account-aggregator`,
      webviewUrl: `${config.publicUrl}/sandbox/account-aggregator/webview`,
      fiuId: SANDBOX_FIU_ID,
      aaId: SANDBOX_AA_ID,
      aaKeys: new CentralRegistryKeys({ url: SANDBOX_CR, aaId: SANDBOX_AA_ID, ttlMs: 3_600_000, fetch: selfFetch }),
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
  const aaId = need('AA_ID');
  const ttl = Number(env.AA_CR_CACHE_SECONDS ?? 3600);
  if (!Number.isInteger(ttl) || ttl < 60 || ttl > 86_400)
    invalidSetting('AA_CR_CACHE_SECONDS', 'must be whole seconds from 60 to 86400');
  return new RebitAccountAggregator({
    baseUrl: need('AA_BASE_URL').replace(/\/$/, ''),
    webviewUrl: need('AA_WEBVIEW_URL'),
    fiuId: need('AA_FIU_ID'),
    aaId,
    aaKeys: new CentralRegistryKeys({ url: need('AA_CR_URL'), aaId, token: env.AA_CR_TOKEN, ttlMs: ttl * 1000 }),
    aaHandle: need('AA_HANDLE'),
    apiKey: need('AA_CLIENT_API_KEY'),
    redirectionSecret: secret,
    signingKeyPem: need('AA_JWS_PRIVATE_KEY'),
  });
}
