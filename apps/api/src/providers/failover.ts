/**
 * One service's providers in order of preference (ESIGN_VENDORS, BANK_VERIFICATION_VENDORS), as
 * brokers fall back across vendors with daily budgets. A call goes to the first provider whose
 * circuit is closed and whose day's budget (PROVIDER_LIMITS, under the provider's name) is not
 * spent; when that provider fails, the next one is tried. Each provider's circuit is cockatiel's
 * breaker: it opens after PROVIDER_BREAKER_FAILURES consecutive outages (5xx, too slow, no answer)
 * and lets one call try the provider again after PROVIDER_BREAKER_HALF_OPEN_SECONDS.
 */
import {
  BrokenCircuitError,
  CircuitState,
  ConsecutiveBreaker,
  circuitBreaker,
  handleWhen,
  type CircuitBreakerPolicy,
} from 'cockatiel';
import { isProviderOutage, ProviderError, type ProviderFailureCause } from './http.ts';

export type SkipReason = 'circuit_open' | 'over_budget' | 'failed';

export type VendorEvent =
  | { vendor: string; kind: 'chosen' }
  | { vendor: string; kind: 'skipped'; reason: SkipReason }
  | { vendor: string; kind: 'circuit'; open: boolean };

export interface BreakerSettings {
  /** Consecutive failed calls that open a provider's circuit. */
  failures: number;
  /** How long an open circuit waits before one call tries the provider again. */
  halfOpenAfterMs: number;
}

/** Failures that say the provider is away: not a spent budget, not a refusal of the request. */
const vendorOutage = handleWhen((err) => isProviderOutage(err) && (err as ProviderError).reason !== 'over_budget');

/** Every provider of a service was skipped or failed; `cause` is `over_budget` when a spent budget was the reason. */
export class NoProviderError extends ProviderError {
  constructor(service: string, cause: ProviderFailureCause) {
    super(`no ${service} provider is available`, undefined, undefined, cause);
  }
}

/** True when every provider of a service was over its budget or rate: the request may wait its turn. */
export const isOverBudget = (err: unknown): boolean => err instanceof ProviderError && err.reason === 'over_budget';

export class ProviderFailover<V extends { name: string }> {
  private readonly breakers: Map<string, CircuitBreakerPolicy>;
  private listener: (event: VendorEvent) => void = () => undefined;

  constructor(
    /** The service's name in errors and metrics (esign, bank_verification). */
    readonly service: string,
    readonly vendors: V[],
    breaker: BreakerSettings,
  ) {
    if (vendors.length === 0) throw new Error(`at least one ${service} provider is needed`);
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

  /** The providers in order, each with whether its circuit is open now. */
  circuits(): { vendor: string; open: boolean }[] {
    return this.vendors.map((v) => ({ vendor: v.name, open: this.breakers.get(v.name)!.state === CircuitState.Open }));
  }

  /**
   * Runs `call` with the first provider that is up and within its budget; a failure tries the
   * next. Throws NoProviderError (cause `over_budget` when a spent budget kept a provider out)
   * once every provider was skipped or failed.
   */
  async run<T>(call: (vendor: V) => Promise<T>): Promise<{ value: T; vendor: V }> {
    let cause: ProviderFailureCause = 'unreachable';
    let overBudget = false;
    for (const vendor of this.vendors) {
      let value: T;
      try {
        value = await this.breakers.get(vendor.name)!.execute(() => call(vendor));
      } catch (err) {
        const reason: SkipReason =
          err instanceof BrokenCircuitError ? 'circuit_open' : isOverBudget(err) ? 'over_budget' : 'failed';
        if (reason === 'over_budget') overBudget = true;
        else if (err instanceof ProviderError && err.reason) cause = err.reason;
        this.listener({ vendor: vendor.name, kind: 'skipped', reason });
        continue;
      }
      this.listener({ vendor: vendor.name, kind: 'chosen' });
      return { value, vendor };
    }
    throw new NoProviderError(this.service, overBudget ? 'over_budget' : cause);
  }
}
