import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createGetWatchlistQuotes } from '../src/modules/public/get-watchlist-quotes.ts';
import { ProviderError } from '../src/providers/http.ts';
import { QuotesApiMarketData } from '../src/providers/market-data/quotes-api.ts';
import { replayQuote } from '../src/sandbox/market-data/replay.ts';
import { testApp } from './support/test-app.ts';

interface Quote {
  symbol: string;
  name: string;
  last_price: number;
  previous_close: number;
  change: number;
  change_percent: number;
  high: number;
  low: number;
  as_of: string;
}

let app: FastifyInstance;
beforeAll(async () => {
  app = await testApp();
});
afterAll(() => app.close());

const watchlist = (query = '') => app.inject({ method: 'GET', url: `/api/v1/public/watchlist${query}` });

describe('guest watchlist (section 1)', () => {
  it('serves the guest list without sign-in, delayed by 15 minutes', async () => {
    const before = Date.now();
    const res = await watchlist();
    // the quotes are stamped while the call runs, which a busy machine can stretch: bounded by both ends
    const after = Date.now();
    expect(res.statusCode).toBe(200);
    const body = res.json() as { status: boolean; data: { delayed_minutes: number; as_of: string; quotes: Quote[] } };
    expect(body.status).toBe(true);
    expect(body.data.delayed_minutes).toBe(15);
    expect(body.data.quotes.map((q) => q.symbol)).toContain('NSE:RELIANCE');
    expect(body.data.quotes).toHaveLength(10);
    for (const q of body.data.quotes) {
      expect(Date.parse(q.as_of)).toBeLessThanOrEqual(after - 15 * 60_000);
      expect(Date.parse(q.as_of)).toBeGreaterThan(before - 16 * 60_000);
      expect(q.change).toBeCloseTo(q.last_price - q.previous_close, 2);
      expect(q.change_percent).toBeCloseTo((q.change / q.previous_close) * 100, 1);
      expect(q.last_price).toBeGreaterThanOrEqual(q.low);
      expect(q.last_price).toBeLessThanOrEqual(q.high);
    }
    expect(body.data.quotes.find((q) => q.symbol === 'NSE:LT')?.name).toBe('Larsen & Toubro');
  });

  it('answers only the symbols asked for, leaving out ones the feed does not know', async () => {
    const res = await watchlist('?symbols=nse:tcs,NSE:NOSUCHCO');
    const body = res.json() as { data: { quotes: Quote[] } };
    expect(body.data.quotes.map((q) => q.symbol)).toEqual(['NSE:TCS']);
  });

  it('refuses a malformed symbol with a 400 naming the field', async () => {
    const res = await watchlist('?symbols=DROP%20TABLE');
    expect(res.statusCode).toBe(400);
    expect(JSON.stringify(res.json())).toContain('symbols');
  });

  it('sandbox feed refuses a request without the API token', async () => {
    const res = await app.inject({ method: 'GET', url: '/sandbox/market-data/quote/ohlc?i=NSE:TCS' });
    expect(res.statusCode).toBe(403);
  });
});

describe('sandbox replay of the end-of-day sample', () => {
  const istMorning = Date.parse('2026-11-20T04:00:00Z'); // 09:30 IST, 09:15 after the delay
  const istEvening = Date.parse('2026-11-20T11:00:00Z'); // 16:30 IST, session over
  it('opens at the day open and ends at the day close, 15 minutes behind', () => {
    const open = replayQuote('NSE:INFY', istMorning)!;
    const close = replayQuote('NSE:INFY', istEvening)!;
    expect(open.last_price).toBe(open.ohlc.open);
    expect(close.ohlc.open).toBe(open.ohlc.open);
    expect(close.timestamp).toBe('2026-11-20T10:45:00.000Z');
    expect(replayQuote('NSE:NOSUCHCO', istMorning)).toBeNull();
  });
  it('moves to another sample day on the next calendar day', () => {
    const today = replayQuote('NSE:INFY', istEvening)!;
    const tomorrow = replayQuote('NSE:INFY', istEvening + 86_400_000)!;
    expect(tomorrow.ohlc.close).toBe(today.last_price);
  });
});

describe('production quotes adapter', () => {
  it('sends the token and reads the OHLC reply', async () => {
    const seen: { url: string; auth: string | null }[] = [];
    const port = new QuotesApiMarketData({
      baseUrl: 'https://quotes.example.com/v1',
      apiKey: 'k',
      accessToken: 't',
      delayMinutes: 15,
      fetch: async (url, init) => {
        seen.push({ url, auth: new Headers(init.headers).get('authorization') });
        return Response.json({
          status: 'success',
          data: {
            'NSE:TCS': {
              last_price: 3100.5,
              ohlc: { open: 3080, high: 3120, low: 3070, close: 3090 },
              timestamp: '2026-11-20T09:45:00Z',
            },
          },
        });
      },
    });
    const quotes = await port.quotes(['NSE:TCS', 'NSE:INFY']);
    expect(seen[0]).toEqual({
      url: 'https://quotes.example.com/v1/quote/ohlc?i=NSE%3ATCS&i=NSE%3AINFY',
      auth: 'token k:t',
    });
    expect(quotes).toEqual([
      {
        symbol: 'NSE:TCS',
        lastPrice: 3100.5,
        open: 3080,
        high: 3120,
        low: 3070,
        previousClose: 3090,
        asOf: new Date('2026-11-20T09:45:00Z'),
      },
    ]);
  });
  it('rejects a reply of another shape', async () => {
    const port = new QuotesApiMarketData({
      baseUrl: 'https://quotes.example.com/v1',
      apiKey: 'k',
      accessToken: 't',
      delayMinutes: 15,
      fetch: async () => Response.json({ status: 'success', data: { 'NSE:TCS': { last_price: 'n/a' } } }),
    });
    await expect(port.quotes(['NSE:TCS'])).rejects.toBeInstanceOf(ProviderError);
  });
  it('turns a feed failure into a 503 and reuses a fresh reply', async () => {
    let calls = 0;
    let up = true;
    const get = createGetWatchlistQuotes({
      delayMinutes: 15,
      quotes: async () => {
        calls += 1;
        if (!up) throw new ProviderError('down', 500);
        return [];
      },
    });
    await get(['NSE:TCS']);
    await get(['NSE:TCS']);
    expect(calls).toBe(1);
    up = false;
    await expect(get(['NSE:INFY'])).rejects.toMatchObject({ code: 'UNAVAILABLE' });
  });
  it('never shows a price fresher than the promised delay', async () => {
    const now = Date.parse('2026-11-20T10:00:00Z');
    const quote = (symbol: string, minutesAgo: number) => ({
      symbol,
      lastPrice: 100,
      open: 99,
      high: 101,
      low: 98,
      previousClose: 99,
      asOf: new Date(now - minutesAgo * 60_000),
    });
    const get = createGetWatchlistQuotes(
      { delayMinutes: 15, quotes: async () => [quote('NSE:TCS', 15), quote('NSE:INFY', 2)] },
      () => now,
    );
    const data = await get(['NSE:TCS', 'NSE:INFY']);
    expect(data.quotes.map((q) => q.symbol)).toEqual(['NSE:TCS']);
    expect(data.as_of).toBe('2026-11-20T09:45:00.000Z');
  });
});
