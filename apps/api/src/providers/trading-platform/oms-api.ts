/**
 * Production adapter for the broker's order management system's client-administration API:
 *   POST {base}/clients/{client_code}/freeze    {request_id}  -> {status: 'frozen', frozen_at, cancelled_orders}
 *   POST {base}/clients/{client_code}/unfreeze  {request_id}  -> {status: 'active'}
 * with `x-api-key`. Trading platforms (NEST, ODIN, Omnesys) expose such calls to their member only;
 * the broker maps this shape onto its own. The sandbox serves the same shape.
 */
import { z } from 'zod';
import { type FetchLike, fetchJson, ProviderError } from '../http.ts';
import type { FreezeResult, TradingPlatform } from './port.ts';

const frozenSchema = z.object({
  status: z.literal('frozen'),
  frozen_at: z.string().refine((v) => !Number.isNaN(Date.parse(v)), 'frozen_at must be a date'),
  cancelled_orders: z.number().int().nonnegative(),
});
const activeSchema = z.object({ status: z.literal('active') });

export interface OmsApiOptions {
  baseUrl: string;
  apiKey: string;
  fetch?: FetchLike;
}

export class OmsApiTradingPlatform implements TradingPlatform {
  constructor(private readonly o: OmsApiOptions) {}

  private call(clientCode: string, action: 'freeze' | 'unfreeze', requestId: string) {
    return fetchJson(`${this.o.baseUrl}/clients/${encodeURIComponent(clientCode)}/${action}`, {
      method: 'POST',
      headers: { 'x-api-key': this.o.apiKey },
      body: { request_id: requestId },
      fetch: this.o.fetch,
      timeoutMs: 10_000,
    });
  }

  async freeze(clientCode: string, requestId: string): Promise<FreezeResult> {
    const parsed = frozenSchema.safeParse(await this.call(clientCode, 'freeze', requestId));
    if (!parsed.success) throw new ProviderError('trading platform answered an unexpected shape', 502);
    return { frozenAt: new Date(parsed.data.frozen_at), cancelledOrders: parsed.data.cancelled_orders };
  }

  async unfreeze(clientCode: string, requestId: string): Promise<void> {
    if (!activeSchema.safeParse(await this.call(clientCode, 'unfreeze', requestId)).success)
      throw new ProviderError('trading platform answered an unexpected shape', 502);
  }
}
