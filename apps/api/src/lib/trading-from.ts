/**
 * The day a new UCC may first trade. The exchange's night run at the UCC cut-off makes the UCCs it
 * finds compliant "Permitted to Trade" from the next trading day (NSE circular ISC75249 of
 * 17 Jul 2026; nseindia.com/trade/unique-client-code-faqs). A UCC accepted after the cut-off, or on
 * a day the exchange does not trade, waits for the next trading day's run. Days are India's
 * (Asia/Kolkata, UTC+05:30 all year), trading days those of packages/contracts/src/trading-calendar.ts.
 */
import { isTradingDay } from '@ekyc/contracts/trading-calendar';

/** The UCC cut-off, IST: UCCs approved by 22:00 are Permitted to Trade the next trading day (ISC75249). */
export const UCC_CUTOFF_IST = { hours: 22, minutes: 0 } as const;

const DAY_MS = 86_400_000;
const IST_OFFSET_MS = 330 * 60_000;
const CUTOFF_MS = (UCC_CUTOFF_IST.hours * 60 + UCC_CUTOFF_IST.minutes) * 60_000;
const isoOf = (dayStart: number) => new Date(dayStart).toISOString().slice(0, 10);

/** The first trading day a UCC accepted at `accepted` is permitted to trade, as dd/mm/yyyy. */
export function tradingFrom(accepted: Date): string {
  const ist = accepted.getTime() + IST_OFFSET_MS;
  // midnight of the IST calendar day, on the UTC time line the helpers read
  let day = Math.floor(ist / DAY_MS) * DAY_MS;
  if (ist - day > CUTOFF_MS) day += DAY_MS;
  // the night run that takes the UCC: its day's, or the next trading day's
  while (!isTradingDay(isoOf(day))) day += DAY_MS;
  do day += DAY_MS;
  while (!isTradingDay(isoOf(day)));
  return isoOf(day).split('-').reverse().join('/');
}
