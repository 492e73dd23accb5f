/**
 * The sandbox quotes feed: replays the bundled end-of-day sample, one sample trading day per
 * calendar day (IST), walking from the day's open to its close across the session hours, and
 * always 15 minutes behind the clock like the delayed feed it stands in for.
 */
import { readFileSync } from 'node:fs';
import { MARKET_DATA_DELAY_MIN } from '@ekyc/contracts/constants';
import { z } from 'zod';

const barSchema = z.tuple([z.number(), z.number(), z.number(), z.number()]);
const sampleSchema = z.object({
  trading_days: z.array(z.string()).min(2),
  instruments: z.record(z.string(), z.array(barSchema).min(2)),
});

const sample = sampleSchema.parse(JSON.parse(readFileSync(new URL('./eod-sample.json', import.meta.url), 'utf8')));

const IST_OFFSET_MS = 330 * 60_000;
const SESSION_OPEN_MIN = 9 * 60 + 15;
const SESSION_MINUTES = 375; // 09:15 to 15:30 IST
const tick = (x: number) => Math.round(x * 20) / 20;

export interface ReplayedQuote {
  last_price: number;
  ohlc: { open: number; high: number; low: number; close: number };
  timestamp: string;
}

export function replayQuote(symbol: string, now: number): ReplayedQuote | null {
  const bars = sample.instruments[symbol];
  if (!bars) return null;
  const delayed = now - MARKET_DATA_DELAY_MIN * 60_000;
  const ist = delayed + IST_OFFSET_MS;
  const day = Math.floor(ist / 86_400_000);
  const n = bars.length;
  const index = ((day % n) + n) % n;
  const [open, high, low, close] = bars[index]!;
  const previousClose = bars[(index - 1 + n) % n]![3];
  const minuteOfDay = Math.floor((ist % 86_400_000) / 60_000);
  const progress = Math.min(1, Math.max(0, (minuteOfDay - SESSION_OPEN_MIN) / SESSION_MINUTES));
  const last = Math.min(high, Math.max(low, tick(open + (close - open) * progress)));
  return {
    last_price: last,
    ohlc: { open, high, low, close: previousClose },
    timestamp: new Date(delayed).toISOString(),
  };
}
