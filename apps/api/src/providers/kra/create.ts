/** The KRA port is chosen once, from configuration. */
import { requiredSetting } from '../settings.ts';
import type { Config } from '../../config.ts';
import { SANDBOX_ORIGIN, type SelfFetch } from '../http.ts';
import { CvlKraLookup } from './cvl.ts';
import type { KraLookup } from './port.ts';

export function createKraLookup(config: Config, selfFetch: SelfFetch): KraLookup {
  if (config.sandbox)
    return new CvlKraLookup({
      baseUrl: `${SANDBOX_ORIGIN}/sandbox/kra`,
      userName: 'sandbox',
      passKey: 'sandbox',
      fetch: selfFetch,
    });
  const need = requiredSetting(config);
  return new CvlKraLookup({
    baseUrl: need('KRA_BASE_URL'),
    userName: need('KRA_USER_NAME'),
    passKey: need('KRA_PASS_KEY'),
  });
}
