/**
 * At start: the database's copy of the trading holidays (trading-holidays.json) brought up to date,
 * so the working seconds kept with each application decision skip the same days as the API's own
 * clock (working-hours.ts). A changed holiday recounts the decisions whose wait spans it.
 */
import { TRADING_HOLIDAYS } from '@ekyc/contracts/trading-calendar';
import type { BackofficeDeps } from '../deps.ts';
import { workingCalendarRepository as repo } from './working-calendar.repository.ts';

export const tradingHolidays = (): string[] =>
  TRADING_HOLIDAYS.years.flatMap((y) => y.tradingHolidays.map((h: { date: string }) => h.date));

export async function syncWorkingCalendar(deps: Pick<BackofficeDeps, 'database'>): Promise<number> {
  const wanted = new Set(tradingHolidays());
  return deps.database.db.transaction(async (tx) => {
    await repo.lock(tx);
    const kept = new Set(await repo.holidays(tx));
    const added = [...wanted].filter((d) => !kept.has(d));
    const removed = [...kept].filter((d) => !wanted.has(d));
    if (!added.length && !removed.length) return 0;
    await repo.put(tx, added, removed);
    await repo.recount(tx, [...added, ...removed]);
    return added.length + removed.length;
  });
}
