/** The market-data port is chosen once, from configuration. */
import { requiredSetting } from '../settings.ts';
import { MARKET_DATA_DELAY_MIN } from '@ekyc/contracts/constants';
import type { Config } from '../../config.ts';
import { SANDBOX_ORIGIN, type SelfFetch } from '../http.ts';
import type { MarketData } from './port.ts';
import { QuotesApiMarketData } from './quotes-api.ts';

/** The sandbox's quotes API token: it only proves the adapter sends one. */
export const SANDBOX_QUOTES_TOKEN = { apiKey: 'sandbox', accessToken: 'sandbox-delayed' } as const;

export function createMarketData(config: Config, selfFetch: SelfFetch): MarketData {
  if (config.sandbox)
    return new QuotesApiMarketData({
      baseUrl: `${SANDBOX_ORIGIN}/sandbox/market-data`,
      ...SANDBOX_QUOTES_TOKEN,
      delayMinutes: MARKET_DATA_DELAY_MIN,
      fetch: selfFetch,
    });
  const need = requiredSetting(config);
  // The subscription must be the exchange's delayed feed: the guest watchlist promises 15 minutes.
  return new QuotesApiMarketData({
    baseUrl: need('MARKET_DATA_BASE_URL').replace(/\/$/, ''),
    apiKey: need('MARKET_DATA_API_KEY'),
    accessToken: need('MARKET_DATA_ACCESS_TOKEN'),
    delayMinutes: MARKET_DATA_DELAY_MIN,
  });
}
