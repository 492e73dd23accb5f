/**
 * Several e-sign service providers (ESPs) in order of preference (ESIGN_VENDORS), as brokers fall
 * back across eSign vendors with daily budgets. A signing goes to the first vendor whose circuit
 * is closed and whose day's budget (PROVIDER_LIMITS, under the vendor's name) is not spent. Each
 * vendor's circuit is cockatiel's breaker: it opens after PROVIDER_BREAKER_FAILURES consecutive
 * failed checks of the vendor (its health address answering 5xx, too slow or not at all) and lets
 * one signing try it again after PROVIDER_BREAKER_HALF_OPEN_SECONDS. The vendor chosen is recorded
 * on the transaction, so the answer posted back after the applicant's redirect is read with that
 * vendor's keys alone, whichever process receives it.
 */
import {
  BrokenCircuitError,
  CircuitState,
  ConsecutiveBreaker,
  circuitBreaker,
  handleWhen,
  type CircuitBreakerPolicy,
} from 'cockatiel';
import type { TrustAnchors } from '../../documents/signing/certificate-chain.ts';
import { admitProviderCall, isProviderOutage, ProviderError, type ProviderFailureCause } from '../http.ts';
import { parseEsignRespXml } from './esign-xml.ts';
import type { EsignGateway, EsignService, SigningForm, SigningResult } from './port.ts';

export interface EsignVendor {
  /** The vendor's name: its settings' prefix, its PROVIDER_LIMITS entry and its metrics label. */
  name: string;
  gateway: EsignGateway;
  /**
   * Asks the vendor whether its service is up (a ProviderError when not), through fetchJson: the
   * call spends one of the vendor's budget. Without it the budget alone is spent and checked.
   */
  check?: () => Promise<void>;
}

/** Where the vendor of each transaction is kept (esign_transactions.vendor). */
export interface VendorChoices {
  record(txn: string, vendor: string): Promise<void>;
  /** null: none recorded (a transaction from before vendors were recorded: the first vendor's). */
  vendorOf(txn: string): Promise<string | null>;
}

export type SkipReason = 'circuit_open' | 'over_budget' | 'failed';

export type VendorEvent =
  | { vendor: string; kind: 'chosen' }
  | { vendor: string; kind: 'skipped'; reason: SkipReason }
  | { vendor: string; kind: 'circuit'; open: boolean };

export interface BreakerSettings {
  /** Consecutive failed checks that open a vendor's circuit. */
  failures: number;
  /** How long an open circuit waits before one signing tries the vendor again. */
  halfOpenAfterMs: number;
}

/** Failures that say the vendor is away: not a spent budget, not a refusal of the request. */
const vendorOutage = handleWhen((err) => isProviderOutage(err) && (err as ProviderError).reason !== 'over_budget');

export class FailoverEsignService implements EsignService {
  private readonly breakers: Map<string, CircuitBreakerPolicy>;
  private listener: (event: VendorEvent) => void = () => undefined;

  constructor(
    private readonly vendors: EsignVendor[],
    private readonly choices: VendorChoices,
    breaker: BreakerSettings,
  ) {
    if (vendors.length === 0) throw new Error('at least one e-sign vendor is needed');
    this.breakers = new Map(
      vendors.map((vendor) => {
        const policy = circuitBreaker(vendorOutage, {
          halfOpenAfter: breaker.halfOpenAfterMs,
          breaker: new ConsecutiveBreaker(breaker.failures),
        });
        policy.onStateChange((state) =>
          this.listener({ vendor: vendor.name, kind: 'circuit', open: state === CircuitState.Open }),
        );
        return [vendor.name, policy];
      }),
    );
  }

  /** Metrics and logs follow the choices and the circuits. */
  observe(listener: (event: VendorEvent) => void): void {
    this.listener = listener;
  }

  /** The vendors in order, each with whether its circuit is open now. */
  circuits(): { vendor: string; open: boolean }[] {
    return this.vendors.map((v) => ({ vendor: v.name, open: this.breakers.get(v.name)!.state === CircuitState.Open }));
  }

  /** Every vendor's roots and intermediates: a signer certificate chains to its own vendor's. */
  get trustAnchors(): TrustAnchors {
    const anchors = this.vendors.map((v) => v.gateway.trustAnchors);
    return { roots: anchors.flatMap((a) => a.roots), intermediates: anchors.flatMap((a) => a.intermediates) };
  }

  now(): number {
    return this.vendors[0]!.gateway.now();
  }

  /** The ASP's seal is the broker's own key, the same whichever vendor signs. */
  seal(digest: Buffer): Buffer {
    return this.vendors[0]!.gateway.seal(digest);
  }

  async signingForm(input: {
    txn: string;
    inputHash: Buffer;
    docInfo: string;
    responseUrl: string;
  }): Promise<SigningForm & { vendor: string }> {
    let cause: ProviderFailureCause = 'unreachable';
    for (const vendor of this.vendors) {
      try {
        await this.breakers
          .get(vendor.name)!
          .execute(() => (vendor.check ? vendor.check() : admitProviderCall(vendor.name, 'POST esp')));
      } catch (err) {
        const reason: SkipReason =
          err instanceof BrokenCircuitError
            ? 'circuit_open'
            : err instanceof ProviderError && err.reason === 'over_budget'
              ? 'over_budget'
              : 'failed';
        if (reason === 'over_budget') cause = 'over_budget';
        else if (err instanceof ProviderError && err.reason) cause = err.reason;
        this.listener({ vendor: vendor.name, kind: 'skipped', reason });
        continue;
      }
      const form = vendor.gateway.signingForm(input);
      await this.choices.record(input.txn, vendor.name);
      this.listener({ vendor: vendor.name, kind: 'chosen' });
      return { ...form, vendor: vendor.name };
    }
    throw new ProviderError('no e-sign service provider is available', undefined, undefined, cause);
  }

  async readResponse(eSignResponse: string): Promise<SigningResult & { vendor: string }> {
    // the transaction named in the answer picks the keys; the vendor's gateway then verifies it all
    const txn = parseEsignRespXml(eSignResponse).txn;
    const name = (await this.choices.vendorOf(txn)) ?? this.vendors[0]!.name;
    const vendor = this.vendors.find((v) => v.name === name);
    if (!vendor) throw new Error(`the e-sign service ${name} of this transaction is not configured`);
    const result = await vendor.gateway.readResponse(eSignResponse);
    if (result.txn !== txn) throw new Error('the answer names another transaction');
    return { ...result, vendor: name };
  }
}
