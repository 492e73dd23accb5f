/** The KRA port is chosen once, from configuration. */
import { createHash } from 'node:crypto';
import { requiredSetting } from '../settings.ts';
import { type Config, ConfigError } from '../../config.ts';
import { SANDBOX_ORIGIN, type SelfFetch } from '../http.ts';
import { CVL_LIVE_URL, CvlKraLookup } from './cvl.ts';
import type { KraLookup } from './port.ts';

export const SANDBOX_KRA = {
  apiKey: 'sandbox-kra-api-key',
  userName: 'SANDBOX',
  posCode: '1100000001',
  password: 'sandbox',
};
/** The sandbox KRA and this service share an AES key derived from the app's secret. */
export const sandboxKraAesKey = (secret: Buffer) => createHash('sha256').update('sandbox-kra:').update(secret).digest();

export function createKraLookup(config: Config, selfFetch: SelfFetch): KraLookup {
  if (config.sandbox)
    return new CvlKraLookup({
      baseUrl: `${SANDBOX_ORIGIN}/sandbox/kra`,
      aesKey: sandboxKraAesKey(config.secretKey),
      ...SANDBOX_KRA,
      fetch: selfFetch,
    });
  const env = config.providerEnv;
  const need = requiredSetting(config);
  const aesKey = Buffer.from(need('KRA_AES_KEY'), 'base64url');
  if (aesKey.length !== 32) throw new ConfigError('KRA_AES_KEY must be the 32-byte AES key CVL issued, base64url');
  return new CvlKraLookup({
    baseUrl: (env.KRA_BASE_URL ?? CVL_LIVE_URL).replace(/\/$/, ''),
    apiKey: need('KRA_API_KEY'),
    aesKey,
    userName: need('KRA_USER_NAME'),
    posCode: need('KRA_POS_CODE'),
    password: need('KRA_PASSWORD'),
  });
}
