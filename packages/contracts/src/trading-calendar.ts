/**
 * The exchanges' trading holidays (NSE/BSE equity segment), as the operator keeps them in
 * trading-holidays.json (docs/content.md): the public holiday page lists them and the API counts
 * trading days with them, both from this one file. Its schema and checks are the public content's
 * (apps/web/src/features/public/content/content-schemas.ts).
 */
import holidaysFile from './trading-holidays.json' with { type: 'json' };

export const TRADING_HOLIDAYS = holidaysFile;

const weekdayHolidays: ReadonlySet<string> = new Set(
  holidaysFile.years.flatMap((y) => y.tradingHolidays.map((h: { date: string }) => h.date)),
);

/**
 * Whether the exchanges trade on a calendar day (YYYY-MM-DD): not a Saturday or Sunday, nor a
 * listed trading holiday. A year whose holidays are not yet published counts its weekdays.
 */
export function isTradingDay(isoDate: string): boolean {
  const weekday = new Date(`${isoDate}T00:00:00Z`).getUTCDay();
  return weekday !== 0 && weekday !== 6 && !weekdayHolidays.has(isoDate);
}
