/** The DigiLocker port is chosen once, from configuration. */
import { requiredSetting } from '../settings.ts';
import type { Config } from '../../config.ts';
import { SANDBOX_ORIGIN, type SelfFetch } from '../http.ts';
import { MeripehchaanDigilocker } from './meripehchaan.ts';
import type { DigilockerClient } from './port.ts';

/** The sandbox's fixed partner credentials (its token endpoint checks them). */
export const SANDBOX_DIGILOCKER_CLIENT = { id: 'SANDBOXEKYC01', secret: 'sandbox-digilocker-secret' };

export function createDigilocker(config: Config, selfFetch: SelfFetch): DigilockerClient {
  const env = config.providerEnv;
  const redirectUri = env.DIGILOCKER_REDIRECT_URI ?? `${config.publicUrl}/ekyc1/returnurl`;
  if (config.sandbox)
    return new MeripehchaanDigilocker({
      baseUrl: `${SANDBOX_ORIGIN}/sandbox/digilocker`,
      // The browser reaches the sandbox consent page on this same origin.
      authorizeBaseUrl: '/sandbox/digilocker',
      clientId: SANDBOX_DIGILOCKER_CLIENT.id,
      clientSecret: SANDBOX_DIGILOCKER_CLIENT.secret,
      redirectUri,
      fetch: selfFetch,
    });
  const need = requiredSetting(config);
  const baseUrl = env.DIGILOCKER_BASE_URL ?? 'https://digilocker.meripehchaan.gov.in/public';
  return new MeripehchaanDigilocker({
    baseUrl,
    authorizeBaseUrl: baseUrl,
    clientId: need('DIGILOCKER_CLIENT_ID'),
    clientSecret: need('DIGILOCKER_CLIENT_SECRET'),
    redirectUri,
  });
}
