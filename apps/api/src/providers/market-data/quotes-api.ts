/**
 * Production adapter for a quotes API of the common OHLC shape:
 *   GET {base}/quote/ohlc?i=NSE:INFY&i=NSE:TCS   Authorization: token <api_key>:<access_token>
 *   -> { status: 'success', data: { 'NSE:INFY': { last_price, ohlc: { open, high, low, close }, timestamp } } }
 * where ohlc.close is the previous session's close. The sandbox serves the same shape.
 */
import { z } from 'zod';
import { type FetchLike, fetchJson, ProviderError } from '../http.ts';
import type { MarketData, Quote } from './port.ts';

const price = z.number().finite().nonnegative();
const quotesReplySchema = z.object({
  status: z.literal('success'),
  data: z.record(
    z.string(),
    z.object({
      last_price: price,
      ohlc: z.object({ open: price, high: price, low: price, close: price }),
      timestamp: z.string().refine((v) => !Number.isNaN(Date.parse(v)), 'timestamp must be a date'),
    }),
  ),
});

export interface QuotesApiOptions {
  baseUrl: string;
  apiKey: string;
  accessToken: string;
  delayMinutes: number;
  fetch?: FetchLike;
}

export class QuotesApiMarketData implements MarketData {
  readonly delayMinutes: number;
  constructor(private readonly o: QuotesApiOptions) {
    this.delayMinutes = o.delayMinutes;
  }

  async quotes(symbols: readonly string[]): Promise<Quote[]> {
    if (symbols.length === 0) return [];
    const qs = symbols.map((s) => `i=${encodeURIComponent(s)}`).join('&');
    const raw = await fetchJson(`${this.o.baseUrl}/quote/ohlc?${qs}`, {
      headers: { authorization: `token ${this.o.apiKey}:${this.o.accessToken}` },
      fetch: this.o.fetch,
      timeoutMs: 5000,
    });
    const parsed = quotesReplySchema.safeParse(raw);
    if (!parsed.success) throw new ProviderError('quotes API answered an unexpected shape', 502);
    return symbols.flatMap((symbol) => {
      const q = parsed.data.data[symbol];
      if (!q) return [];
      return [
        {
          symbol,
          lastPrice: q.last_price,
          open: q.ohlc.open,
          high: q.ohlc.high,
          low: q.ohlc.low,
          previousClose: q.ohlc.close,
          asOf: new Date(q.timestamp),
        },
      ];
    });
  }
}
