/** The UPI provider is chosen once: Setu's wire format against the sandbox UPI app or the real service. */
import { requiredSetting } from '../settings.ts';
import type { Config } from '../../config.ts';
import { SANDBOX_ORIGIN, type SelfFetch } from '../http.ts';
import type { UpiProvider } from './port.ts';
import { SetuUpiProvider } from './setu.ts';

/** The sandbox signs its notifications with this; production uses UPI_WEBHOOK_SECRET. */
export const SANDBOX_UPI_WEBHOOK_SECRET = 'sandbox-upi-webhook-secret';

export function createUpiProvider(
  config: Config,
  selfFetch: SelfFetch,
): { provider: UpiProvider; webhookSecret: string } {
  if (config.sandbox)
    return {
      provider: new SetuUpiProvider({
        baseUrl: `${SANDBOX_ORIGIN}/sandbox/upi`,
        clientId: 'sandbox',
        secret: 'sandbox',
        productInstanceId: 'sandbox',
        fetch: selfFetch,
      }),
      webhookSecret: SANDBOX_UPI_WEBHOOK_SECRET,
    };
  const env = config.providerEnv;
  const need = requiredSetting(config);
  return {
    provider: new SetuUpiProvider({
      baseUrl: (env.SETU_UPI_BASE_URL ?? 'https://prod.setu.co/api').replace(/\/$/, ''),
      clientId: need('SETU_UPI_CLIENT_ID'),
      secret: need('SETU_UPI_SECRET'),
      productInstanceId: need('SETU_UPI_PRODUCT_INSTANCE_ID'),
    }),
    webhookSecret: need('UPI_WEBHOOK_SECRET'),
  };
}
