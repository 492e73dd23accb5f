/**
 * Working hours for the back office's turnaround: 09:00 to 18:00 Indian Standard Time on the days
 * the exchanges trade (weekends and the trading holidays of trading-holidays.json excluded). An
 * application that waits over a weekend or Diwali is not late for it.
 */
import { isTradingDay } from './trading-calendar.ts';

export const WORKING_DAY = { startHour: 9, endHour: 18 } as const;
/** IST is UTC+05:30 all year (no daylight saving). */
const IST_OFFSET_MS = 330 * 60_000;
const DAY_MS = 86_400_000;

/** The working seconds between two moments (0 when `to` is not after `from`). */
export function workingSecondsBetween(from: Date, to: Date): number {
  const start = from.getTime();
  const end = to.getTime();
  if (!(end > start)) return 0;
  let total = 0;
  // each IST calendar day the interval touches, as UTC milliseconds of its midnight
  for (let day = Math.floor((start + IST_OFFSET_MS) / DAY_MS) * DAY_MS - IST_OFFSET_MS; day < end; day += DAY_MS) {
    const iso = new Date(day + IST_OFFSET_MS).toISOString().slice(0, 10);
    if (!isTradingDay(iso)) continue;
    const open = day + WORKING_DAY.startHour * 3_600_000;
    const close = day + WORKING_DAY.endHour * 3_600_000;
    const overlap = Math.min(end, close) - Math.max(start, open);
    if (overlap > 0) total += overlap;
  }
  return Math.round(total / 1000);
}
