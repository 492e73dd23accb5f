/**
 * The penny-drop providers are chosen once (BANK_VERIFICATION_VENDORS, in order): "bank" speaks
 * Cashfree's wire format, "bank-payu" PayU Payouts', against the sandbox or the real services.
 */
import { invalidSetting, requiredSetting } from '../settings.ts';
import type { Config } from '../../config.ts';
import { SANDBOX_ORIGIN, type SelfFetch } from '../http.ts';
import { CashfreeBankVerifier } from './cashfree.ts';
import { FailoverPennyDrop } from './failover.ts';
import type { BankAccountVerifier } from './port.ts';
import { PayuBankVerifier } from './payu-bav.ts';

/** The penny-drop providers this application speaks, by their name in BANK_VERIFICATION_VENDORS. */
export const BANK_VERIFICATION_PROVIDERS = ['bank', 'bank-payu'] as const;

export function createBankAccountVerifier(config: Config, selfFetch: SelfFetch, name = 'bank'): BankAccountVerifier {
  const env = config.providerEnv;
  const need = requiredSetting(config);
  if (name === 'bank-payu')
    return config.sandbox
      ? new PayuBankVerifier({
          baseUrl: `${SANDBOX_ORIGIN}/sandbox/bank-payu`,
          token: 'sandbox',
          merchantId: 'sandbox',
          provider: name,
          fetch: selfFetch,
        })
      : new PayuBankVerifier({
          baseUrl: (env.PAYU_PAYOUT_BASE_URL ?? 'https://payout.payumoney.com').replace(/\/$/, ''),
          token: need('PAYU_PAYOUT_TOKEN'),
          merchantId: need('PAYU_PAYOUT_MERCHANT_ID'),
          provider: name,
        });
  if (name !== 'bank')
    invalidSetting('BANK_VERIFICATION_VENDORS', `names ${name}: use ${BANK_VERIFICATION_PROVIDERS.join(' or ')}`);
  if (config.sandbox)
    return new CashfreeBankVerifier({
      baseUrl: `${SANDBOX_ORIGIN}/sandbox/bank`,
      clientId: 'sandbox',
      clientSecret: 'sandbox',
      provider: name,
      fetch: selfFetch,
    });
  return new CashfreeBankVerifier({
    baseUrl: (env.CASHFREE_BASE_URL ?? 'https://api.cashfree.com').replace(/\/$/, ''),
    clientId: need('CASHFREE_CLIENT_ID'),
    clientSecret: need('CASHFREE_CLIENT_SECRET'),
    provider: name,
  });
}

/** The penny drop: the providers of BANK_VERIFICATION_VENDORS in order, failing over between them. */
export function createPennyDrop(config: Config, selfFetch: SelfFetch): FailoverPennyDrop {
  return new FailoverPennyDrop(
    config.surge.bankVerificationVendors.map((name) => ({
      name,
      verifier: createBankAccountVerifier(config, selfFetch, name),
    })),
    config.surge.breaker,
  );
}
