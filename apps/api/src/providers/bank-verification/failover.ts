/**
 * Several penny-drop providers in order of preference (BANK_VERIFICATION_VENDORS): a verification
 * goes to the first whose circuit is closed and whose day's budget is not spent, and on to the
 * next when it fails (failover.ts). The provider that answered is named with the result, which
 * the bank step keeps with the verification.
 */
import { type BreakerSettings, ProviderFailover, type VendorEvent } from '../failover.ts';
import type { BankAccountVerifier, PennyDropRequest, PennyDropResult, PennyDropService } from './port.ts';

export interface BankVerificationVendor {
  /** Its PROVIDER_LIMITS entry, SANDBOX_FAULTS entry and metrics label: bank (Cashfree), bank-payu (PayU Payouts). */
  name: string;
  verifier: BankAccountVerifier;
}

export class FailoverPennyDrop implements PennyDropService {
  private readonly failover: ProviderFailover<BankVerificationVendor>;

  constructor(vendors: BankVerificationVendor[], breaker: BreakerSettings) {
    this.failover = new ProviderFailover('bank_verification', vendors, breaker);
  }

  observe(listener: (event: VendorEvent) => void): void {
    this.failover.observe(listener);
  }

  circuits(): { vendor: string; open: boolean }[] {
    return this.failover.circuits();
  }

  async verify(request: PennyDropRequest): Promise<PennyDropResult & { provider: string }> {
    const { value, vendor } = await this.failover.run((v) => v.verifier.verify(request));
    return { ...value, provider: vendor.name };
  }
}
