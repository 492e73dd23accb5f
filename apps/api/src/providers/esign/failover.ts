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
import type { TrustAnchors } from '../../documents/signing/certificate-chain.ts';
import { ProviderFailover, type BreakerSettings, type VendorEvent } from '../failover.ts';
import { admitProviderCall, ProviderError } from '../http.ts';
import { parseEsignRespXml } from './esign-xml.ts';
import type { EsignGateway, EsignService, SigningForm, SigningResult } from './port.ts';

export type { BreakerSettings, VendorEvent } from '../failover.ts';

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

/** How many transactions' vendors a process remembers (the answer usually comes back within minutes). */
const REMEMBERED = 10_000;

export class FailoverEsignService implements EsignService {
  private readonly failover: ProviderFailover<EsignVendor>;
  /**
   * The vendors this process chose, by transaction: a transaction's vendor never changes, so the
   * answer posted back here is read without asking the database (another process asks it).
   */
  private readonly chosen = new Map<string, string>();

  constructor(
    private readonly vendors: EsignVendor[],
    private readonly choices: VendorChoices,
    breaker: BreakerSettings,
  ) {
    if (vendors.length === 0) throw new Error('at least one e-sign vendor is needed');
    this.failover = new ProviderFailover('esign', vendors, breaker);
  }

  /** Metrics and logs follow the choices and the circuits. */
  observe(listener: (event: VendorEvent) => void): void {
    this.failover.observe(listener);
  }

  /** The vendors in order, each with whether its circuit is open now. */
  circuits(): { vendor: string; open: boolean }[] {
    return this.failover.circuits();
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
    // the vendor's health check (or its budget alone) picks it; the form is then the vendor's own
    const { vendor } = await this.failover
      .run((v) => (v.check ? v.check() : admitProviderCall(v.name, 'POST esp')))
      .catch((err: unknown) => {
        throw err instanceof ProviderError
          ? new ProviderError('no e-sign service provider is available', undefined, undefined, err.reason)
          : err;
      });
    const form = vendor.gateway.signingForm(input);
    await this.choices.record(input.txn, vendor.name);
    if (this.chosen.size >= REMEMBERED) this.chosen.delete(this.chosen.keys().next().value!);
    this.chosen.set(input.txn, vendor.name);
    return { ...form, vendor: vendor.name };
  }

  async readResponse(eSignResponse: string): Promise<SigningResult & { vendor: string }> {
    // the transaction named in the answer picks the keys; the vendor's gateway then verifies it all
    const txn = parseEsignRespXml(eSignResponse).txn;
    const name = this.chosen.get(txn) ?? (await this.choices.vendorOf(txn)) ?? this.vendors[0]!.name;
    const vendor = this.vendors.find((v) => v.name === name);
    if (!vendor) throw new Error(`the e-sign service ${name} of this transaction is not configured`);
    const result = await vendor.gateway.readResponse(eSignResponse);
    if (result.txn !== txn) throw new Error('the answer names another transaction');
    return { ...result, vendor: name };
  }
}
