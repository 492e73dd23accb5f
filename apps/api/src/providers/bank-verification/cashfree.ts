/**
 * Cashfree bank account verification (penny drop): POST <base>/verification/bank-account/sync with
 * {bank_account, ifsc, name, phone} → {name_at_bank, account_status: VALID|INVALID,
 * account_status_code, utr, name_match_score, name_match_result, ...}. Credentials travel as the
 * x-client-id and x-client-secret headers.
 */
import { z } from 'zod';
import { type FetchLike, fetchJson, ProviderError } from '../http.ts';
import type { BankAccountVerifier, PennyDropRequest, PennyDropResult } from './port.ts';

export const cashfreeBankReplySchema = z.looseObject({
  reference_id: z.union([z.string(), z.number()]).optional(),
  name_at_bank: z.string().nullable().optional(),
  bank_name: z.string().nullable().optional(),
  utr: z.string().nullable().optional(),
  name_match_score: z.string().nullable().optional(),
  name_match_result: z.string().nullable().optional(),
  account_status: z.enum(['VALID', 'INVALID']),
  account_status_code: z.string(),
});

export interface CashfreeOptions {
  baseUrl: string;
  clientId: string;
  clientSecret: string;
  /** The provider's name in metrics, limits and logs (else the host's). */
  provider?: string;
  fetch?: FetchLike;
}

export class CashfreeBankVerifier implements BankAccountVerifier {
  constructor(private readonly o: CashfreeOptions) {}

  async verify(r: PennyDropRequest): Promise<PennyDropResult> {
    let raw: unknown;
    try {
      raw = await fetchJson(`${this.o.baseUrl}/verification/bank-account/sync`, {
        method: 'POST',
        headers: { 'x-client-id': this.o.clientId, 'x-client-secret': this.o.clientSecret },
        body: { bank_account: r.accountNumber, ifsc: r.ifsc, name: r.expectedName, phone: r.phone },
        fetch: this.o.fetch,
        ...(this.o.provider && { provider: this.o.provider }),
        timeoutMs: 30_000,
      });
    } catch (err) {
      // 4xx answers about the input are a failed verification, not an outage.
      if (err instanceof ProviderError && err.status === 422)
        return { outcome: 'invalid', code: 'INVALID_INPUT', reason: 'The bank rejected the account details' };
      throw err;
    }
    const reply = cashfreeBankReplySchema.parse(raw);
    if (reply.account_status === 'VALID' && reply.name_at_bank)
      return {
        outcome: 'valid',
        nameAtBank: reply.name_at_bank,
        reference: reply.utr ?? (reply.reference_id !== undefined ? String(reply.reference_id) : null),
      };
    return { outcome: 'invalid', code: reply.account_status_code, reason: reply.account_status_code };
  }
}
