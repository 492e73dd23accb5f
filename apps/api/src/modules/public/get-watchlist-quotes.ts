/**
 * The guest watchlist: quotes from the market-data port, named, with the day's change, and
 * stamped with the feed's delay. Replies are kept for a short while so that many visitors cost
 * one call to the feed.
 */
import { GUEST_WATCHLIST, type WatchlistData } from '@ekyc/contracts/calls/get-watchlist-quotes';
import { AppError } from '../../lib/errors.ts';
import type { MarketData } from '../../providers/market-data/port.ts';

const CACHE_MS = 30_000;
/** Clock skew allowed between the feed and this server. */
const SKEW_MS = 60_000;
const NAMES = new Map<string, string>(GUEST_WATCHLIST.map((w) => [w.symbol, w.name]));
const round2 = (x: number) => Math.round(x * 100) / 100;

export function createGetWatchlistQuotes(marketData: MarketData, now: () => number = Date.now) {
  const cache = new Map<string, { at: number; data: WatchlistData }>();

  return async function getWatchlistQuotes(symbols?: readonly string[]): Promise<WatchlistData> {
    const wanted = symbols ?? GUEST_WATCHLIST.map((w) => w.symbol);
    const key = wanted.join(',');
    const hit = cache.get(key);
    if (hit && now() - hit.at < CACHE_MS) return hit.data;

    let fetched;
    try {
      fetched = await marketData.quotes(wanted);
    } catch {
      throw new AppError('UNAVAILABLE', 'serviceUnavailable');
    }
    // The page promises delayed data (section 1): a price fresher than the delay is never shown.
    const newestAllowed = now() - marketData.delayMinutes * 60_000 + SKEW_MS;
    const quotes = fetched.filter((q) => q.asOf.getTime() <= newestAllowed);
    const latest = quotes.reduce<Date | null>((a, q) => (!a || q.asOf > a ? q.asOf : a), null);
    const data: WatchlistData = {
      delayed_minutes: marketData.delayMinutes,
      as_of: latest?.toISOString() ?? null,
      quotes: quotes.map((q) => {
        const change = round2(q.lastPrice - q.previousClose);
        return {
          symbol: q.symbol,
          name: NAMES.get(q.symbol) ?? q.symbol.slice(q.symbol.indexOf(':') + 1),
          last_price: q.lastPrice,
          previous_close: q.previousClose,
          change,
          change_percent: q.previousClose > 0 ? round2((change / q.previousClose) * 100) : 0,
          open: q.open,
          high: q.high,
          low: q.low,
          as_of: q.asOf.toISOString(),
        };
      }),
    };
    if (cache.size > 200) cache.clear();
    cache.set(key, { at: now(), data });
    return data;
  };
}
