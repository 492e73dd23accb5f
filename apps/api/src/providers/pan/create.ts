/** The PAN port is chosen once, from configuration. */
import { requiredSetting } from '../settings.ts';
import type { Config } from '../../config.ts';
import { SANDBOX_ORIGIN, type SelfFetch } from '../http.ts';
import type { PanVerifier } from './port.ts';
import { ProteanPanVerifier } from './protean.ts';

export function createPanVerifier(config: Config, selfFetch: SelfFetch): PanVerifier {
  if (config.sandbox)
    return new ProteanPanVerifier({
      baseUrl: `${SANDBOX_ORIGIN}/sandbox/pan`,
      userId: 'sandbox',
      apiKey: 'sandbox',
      fetch: selfFetch,
    });
  const need = requiredSetting(config);
  return new ProteanPanVerifier({
    baseUrl: need('PAN_BASE_URL'),
    userId: need('PAN_USER_ID'),
    apiKey: need('PAN_API_KEY'),
  });
}
