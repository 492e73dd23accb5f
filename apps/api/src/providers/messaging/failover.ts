/**
 * Several SMS gateways in order of preference (SMS_VENDORS): an SMS goes to the first whose
 * circuit is closed and whose day's budget is not spent, and on to the next when it fails
 * (../failover.ts). WhatsApp and email go through the first gateway's own sender, which speaks
 * them. Metrics count each gateway's choices and show its circuit (app-deps.ts).
 */
import { type BreakerSettings, ProviderFailover, type VendorEvent } from '../failover.ts';
import { ProviderError } from '../http.ts';
import type { MessageSender, OutgoingMessage, Sent } from './port.ts';

export interface SmsVendor {
  /** Its SMS_VENDORS, PROVIDER_LIMITS and metrics name: msg91, kaleyra. */
  name: string;
  sender: MessageSender;
}

export class FailoverSmsSender implements MessageSender {
  private readonly failover: ProviderFailover<SmsVendor>;

  constructor(
    vendors: SmsVendor[],
    /** WhatsApp and email. */
    private readonly other: MessageSender,
    breaker: BreakerSettings,
  ) {
    this.failover = new ProviderFailover('sms', vendors, breaker);
  }

  observe(listener: (event: VendorEvent) => void): void {
    this.failover.observe(listener);
  }

  circuits(): { vendor: string; open: boolean }[] {
    return this.failover.circuits();
  }

  /**
   * Sends an SMS through the first gateway that takes it. When none does, the error keeps each
   * gateway's own reason (a DLT mismatch, a missing template), which the audit trail records.
   */
  async send(m: OutgoingMessage): Promise<Sent> {
    if (m.channel !== 'sms') return this.other.send(m);
    const reasons: string[] = [];
    try {
      const { vendor } = await this.failover.run((v) =>
        v.sender.send(m).catch((err: unknown) => {
          reasons.push(`${v.name}: ${err instanceof Error ? err.message : String(err)}`);
          throw err;
        }),
      );
      // the gateway that took it, by its SMS_VENDORS name
      return { gateway: vendor.name };
    } catch (err) {
      if (!(err instanceof ProviderError) || reasons.length === 0) throw err;
      throw new ProviderError(`${err.message} (${reasons.join('; ')})`, err.status, undefined, err.reason);
    }
  }
}
