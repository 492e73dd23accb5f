/** The penny-drop provider is chosen once: Cashfree's wire format against the sandbox or the real service. */
import { requiredSetting } from '../settings.ts';
import type { Config } from '../../config.ts';
import { SANDBOX_ORIGIN, type SelfFetch } from '../http.ts';
import { CashfreeBankVerifier } from './cashfree.ts';
import type { BankAccountVerifier } from './port.ts';

export function createBankAccountVerifier(config: Config, selfFetch: SelfFetch): BankAccountVerifier {
  if (config.sandbox)
    return new CashfreeBankVerifier({
      baseUrl: `${SANDBOX_ORIGIN}/sandbox/bank`,
      clientId: 'sandbox',
      clientSecret: 'sandbox',
      fetch: selfFetch,
    });
  const env = config.providerEnv;
  const need = requiredSetting(config);
  return new CashfreeBankVerifier({
    baseUrl: (env.CASHFREE_BASE_URL ?? 'https://api.cashfree.com').replace(/\/$/, ''),
    clientId: need('CASHFREE_CLIENT_ID'),
    clientSecret: need('CASHFREE_CLIENT_SECRET'),
  });
}
