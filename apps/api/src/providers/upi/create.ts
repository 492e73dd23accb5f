/** The UPI provider is chosen once: Setu's wire format against the sandbox UPI app or the real service. */
import { requiredSetting } from '../settings.ts';
import type { Config } from '../../config.ts';
import { SANDBOX_ORIGIN, type SelfFetch } from '../http.ts';
import type { ReversePennyDrop, UpiProvider } from './port.ts';
import { SETU_LOGIN_URL, SETU_UMAP_BASE_URL, SetuUpiProvider } from './setu.ts';
import { basicAuthorization, type RpdWebhookAuth, SETU_RPD_BASE_URL, SetuReversePennyDrop } from './setu-rpd.ts';

/** The sandbox signs its notifications with this; production uses UPI_WEBHOOK_SECRET. */
export const SANDBOX_UPI_WEBHOOK_SECRET = 'sandbox-upi-webhook-secret';
export const SANDBOX_UPI_MERCHANT_VPA = 'ekyc-sandbox@pineaxis';
export const SANDBOX_UPI_MERCHANT_ID = 'sandbox-merchant';

/** The sandbox signs its reverse-penny-drop notifications with this (Setu's HMAC option). */
export const SANDBOX_RPD_WEBHOOK_SECRET = 'sandbox-rpd-webhook-secret';

export function createUpiProvider(
  config: Config,
  selfFetch: SelfFetch,
): {
  provider: UpiProvider;
  webhookSecret: string;
  reversePennyDrop: ReversePennyDrop;
  /** How Setu authenticates its reverse-penny-drop notifications (HMAC of the body, or Basic). */
  rpdWebhookAuth: RpdWebhookAuth;
} {
  if (config.sandbox)
    return {
      reversePennyDrop: new SetuReversePennyDrop({
        baseUrl: `${SANDBOX_ORIGIN}/sandbox/rpd`,
        clientId: 'sandbox',
        secret: 'sandbox',
        productInstanceId: 'sandbox',
        fetch: selfFetch,
      }),
      rpdWebhookAuth: { kind: 'hmac', secret: SANDBOX_RPD_WEBHOOK_SECRET },
      provider: new SetuUpiProvider({
        baseUrl: `${SANDBOX_ORIGIN}/sandbox/upi`,
        loginUrl: `${SANDBOX_ORIGIN}/sandbox/upi/v1/users/login`,
        clientId: 'sandbox',
        secret: 'sandbox',
        merchantId: SANDBOX_UPI_MERCHANT_ID,
        merchantVpa: SANDBOX_UPI_MERCHANT_VPA,
        fetch: selfFetch,
      }),
      webhookSecret: SANDBOX_UPI_WEBHOOK_SECRET,
    };
  const env = config.providerEnv;
  const need = requiredSetting(config);
  return {
    provider: new SetuUpiProvider({
      baseUrl: (env.SETU_UPI_BASE_URL ?? SETU_UMAP_BASE_URL).replace(/\/$/, ''),
      loginUrl: env.SETU_UPI_LOGIN_URL ?? SETU_LOGIN_URL,
      clientId: need('SETU_UPI_CLIENT_ID'),
      secret: need('SETU_UPI_SECRET'),
      merchantId: need('SETU_UPI_MERCHANT_ID'),
      merchantVpa: need('SETU_UPI_MERCHANT_VPA'),
    }),
    webhookSecret: need('UPI_WEBHOOK_SECRET'),
    reversePennyDrop: new SetuReversePennyDrop({
      baseUrl: (env.SETU_RPD_BASE_URL ?? SETU_RPD_BASE_URL).replace(/\/$/, ''),
      clientId: need('SETU_RPD_CLIENT_ID'),
      secret: need('SETU_RPD_SECRET'),
      productInstanceId: need('SETU_RPD_PRODUCT_INSTANCE_ID'),
      productConfigId: env.SETU_RPD_PRODUCT_CONFIG_ID,
    }),
    rpdWebhookAuth:
      (env.SETU_RPD_WEBHOOK_AUTH ?? 'hmac') === 'basic'
        ? {
            kind: 'basic',
            authorization: basicAuthorization(need('SETU_RPD_WEBHOOK_USER'), need('SETU_RPD_WEBHOOK_PASSWORD')),
          }
        : { kind: 'hmac', secret: need('SETU_RPD_WEBHOOK_SECRET') },
  };
}
