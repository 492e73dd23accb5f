/**
 * The IFSC lookup is chosen once. Sandbox: the Razorpay adapter against the sandbox, which serves
 * the local directory in the same wire format. Production: Razorpay's public API by default, or
 * IFSC_SOURCE=local to answer from the imported branch table alone (no outside call).
 */
import type { Config } from '../../config.ts';
import type { DatabaseRef } from '../../db/client.ts';
import { SANDBOX_ORIGIN, type SelfFetch } from '../http.ts';
import { LocalIfscDirectory } from './local-directory.ts';
import type { IfscLookup } from './port.ts';
import { RazorpayIfscLookup } from './razorpay.ts';

export function createIfscLookup(config: Config, database: DatabaseRef, selfFetch: SelfFetch): IfscLookup {
  if (config.sandbox) return new RazorpayIfscLookup({ baseUrl: `${SANDBOX_ORIGIN}/sandbox/ifsc`, fetch: selfFetch });
  const env = config.providerEnv;
  if (env.IFSC_SOURCE === 'local') return new LocalIfscDirectory(database);
  return new RazorpayIfscLookup({ baseUrl: (env.IFSC_BASE_URL ?? 'https://ifsc.razorpay.com').replace(/\/$/, '') });
}
