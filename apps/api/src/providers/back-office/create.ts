/** The back-office system port is chosen once, from configuration. */
import type { Config } from '../../config.ts';
import { SANDBOX_ORIGIN, type SelfFetch } from '../http.ts';
import { requiredSetting } from '../settings.ts';
import { BackOfficeApi } from './http-api.ts';
import type { BackOfficeSystem } from './port.ts';

/** The sandbox's API key: it only proves the adapter sends one. */
export const SANDBOX_BACK_OFFICE_KEY = 'sandbox-back-office';

export function createBackOfficeSystem(config: Config, selfFetch: SelfFetch): BackOfficeSystem {
  if (config.sandbox)
    return new BackOfficeApi({
      baseUrl: `${SANDBOX_ORIGIN}/sandbox/back-office`,
      apiKey: SANDBOX_BACK_OFFICE_KEY,
      fetch: selfFetch,
    });
  const need = requiredSetting(config);
  return new BackOfficeApi({
    baseUrl: need('BACK_OFFICE_URL').replace(/\/$/, ''),
    apiKey: need('BACK_OFFICE_API_KEY'),
  });
}
