/** The trading platform port is chosen once, from configuration. */
import type { Config } from '../../config.ts';
import { SANDBOX_ORIGIN, type SelfFetch } from '../http.ts';
import { requiredSetting } from '../settings.ts';
import { OmsApiTradingPlatform } from './oms-api.ts';
import type { TradingPlatform } from './port.ts';

/** The sandbox's API key: it only proves the adapter sends one. */
export const SANDBOX_OMS_KEY = 'sandbox-oms';

export function createTradingPlatform(config: Config, selfFetch: SelfFetch): TradingPlatform {
  if (config.sandbox)
    return new OmsApiTradingPlatform({
      baseUrl: `${SANDBOX_ORIGIN}/sandbox/trading-platform`,
      apiKey: SANDBOX_OMS_KEY,
      fetch: selfFetch,
    });
  const need = requiredSetting(config);
  return new OmsApiTradingPlatform({
    baseUrl: need('TRADING_PLATFORM_URL').replace(/\/$/, ''),
    apiKey: need('TRADING_PLATFORM_API_KEY'),
  });
}
