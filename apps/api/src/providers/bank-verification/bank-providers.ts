/** The bank step's providers, chosen once at start-up: IFSC lookup, penny drop and UPI. */
import { randomUUID } from 'node:crypto';
import type { Config } from '../../config.ts';
import type { DatabaseRef } from '../../db/client.ts';
import { createIfscLookup } from '../ifsc/create.ts';
import type { IfscLookup } from '../ifsc/port.ts';
import type { SelfFetch } from '../http.ts';
import { createUpiProvider } from '../upi/create.ts';
import type { ReversePennyDrop, UpiProvider } from '../upi/port.ts';
import type { RpdWebhookAuth } from '../upi/setu-rpd.ts';
import { createPennyDrop } from './create.ts';
import type { PennyDropService } from './port.ts';

export interface BankProviders {
  ifsc: IfscLookup;
  /** The penny drop, failing over across BANK_VERIFICATION_VENDORS; the answering provider is named. */
  pennyDrop: PennyDropService;
  upi: UpiProvider;
  /** Verifies the UPI provider's notifications. */
  upiWebhookSecret: string;
  /** Bank verification by UPI intent or QR, and how its notifications are authenticated. */
  reversePennyDrop: ReversePennyDrop;
  rpdWebhookAuth: RpdWebhookAuth;
}

export function createBankProviders(
  config: Config,
  database: DatabaseRef,
  selfFetch: SelfFetch,
  overrides: Partial<BankProviders> = {},
): BankProviders {
  const upi = overrides.upi && overrides.reversePennyDrop ? null : createUpiProvider(config, selfFetch);
  return {
    ifsc: overrides.ifsc ?? createIfscLookup(config, database, selfFetch),
    pennyDrop: overrides.pennyDrop ?? createPennyDrop(config, selfFetch),
    upi: overrides.upi ?? upi!.provider,
    upiWebhookSecret: overrides.upiWebhookSecret ?? upi?.webhookSecret ?? '',
    reversePennyDrop: overrides.reversePennyDrop ?? upi!.reversePennyDrop,
    // with the reverse penny drop overridden and no secret given, no notification is accepted
    rpdWebhookAuth: overrides.rpdWebhookAuth ?? upi?.rpdWebhookAuth ?? { kind: 'hmac', secret: randomUUID() },
  };
}
