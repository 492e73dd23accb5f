/**
 * Production adapter for the broker's back-office system's client API:
 *   POST {base}/clients/{client_code}/closure-check  {request_id, pan}
 *     -> {ledger_balance, holdings: [{isin, name, quantity}], open_positions, pledges, pending_requests}
 * with `x-api-key`. Back-office suites (the ledger and DP back office a broker runs) publish such
 * calls to their customers only; the broker maps this shape onto its own. The sandbox serves the same shape.
 */
import { z } from 'zod';
import { type FetchLike, fetchJson, ProviderError } from '../http.ts';
import type { BackOfficeSystem, ClosureCheck } from './port.ts';

const count = z.number().int().nonnegative();
const checkSchema = z.object({
  ledger_balance: z.number(),
  holdings: z.array(z.object({ isin: z.string().min(1), name: z.string(), quantity: z.number().positive() })),
  open_positions: count,
  pledges: count,
  pending_requests: count,
});

export interface BackOfficeApiOptions {
  baseUrl: string;
  apiKey: string;
  fetch?: FetchLike;
}

export class BackOfficeApi implements BackOfficeSystem {
  constructor(private readonly o: BackOfficeApiOptions) {}

  async closureCheck(input: { clientCode: string; pan: string; requestId: string }): Promise<ClosureCheck> {
    const answer = await fetchJson(`${this.o.baseUrl}/clients/${encodeURIComponent(input.clientCode)}/closure-check`, {
      method: 'POST',
      headers: { 'x-api-key': this.o.apiKey },
      body: { request_id: input.requestId, pan: input.pan },
      fetch: this.o.fetch,
      timeoutMs: 10_000,
    });
    const parsed = checkSchema.safeParse(answer);
    if (!parsed.success) throw new ProviderError('back office answered an unexpected shape', 502);
    const a = parsed.data;
    return {
      ledgerBalance: a.ledger_balance,
      holdings: a.holdings,
      openPositions: a.open_positions,
      pledges: a.pledges,
      pendingRequests: a.pending_requests,
    };
  }
}
