/**
 * The review reports' working-hours clock (review_working_seconds: weekdays 09:00-18:00 IST, no
 * trading holiday) counts an interval within one day directly and a longer one day by day: both
 * give what counting every day of the interval over a series gives.
 */
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { testApp } from './support/test-app.ts';

let app: FastifyInstance;
beforeAll(async () => {
  app = await testApp();
}, 120_000);
afterAll(() => app.close());

/** Every day of the interval counted over a series: the clock as it was first written. */
const BY_SERIES = `
  select coalesce(round(sum(greatest(0, extract(epoch from (least($2::timestamptz, d.close) - greatest($1::timestamptz, d.open)))))), 0)::integer as n
  from (
    select (g.day::timestamp + interval '9 hours') at time zone 'Asia/Kolkata' as open,
           (g.day::timestamp + interval '18 hours') at time zone 'Asia/Kolkata' as close
    from generate_series(($1::timestamptz at time zone 'Asia/Kolkata')::date::timestamp,
                         ($2::timestamptz at time zone 'Asia/Kolkata')::date::timestamp, interval '1 day') as g(day)
    where $2::timestamptz > $1::timestamptz and extract(isodow from g.day) < 6
      and not exists (select 1 from review_trading_holidays h where h.day = g.day::date)
  ) d`;

const seconds = async (text: string, from: string, to: string) =>
  Number(((await app.deps.database.query(text, [from, to])) as { rows: { n: number }[] }).rows[0]!.n);

it('counts each interval as the day-by-day count does: within a day, across the opening hours, weekends, holidays and days', async () => {
  // Monday 7 December 2026; Tuesday 8 a trading holiday here
  await app.deps.database.query(
    `insert into review_trading_holidays (day) values ('2026-12-08') on conflict do nothing`,
  );
  const intervals: [string, string, number][] = [
    ['2026-12-07T10:00:00+05:30', '2026-12-07T10:25:30+05:30', 1530],
    ['2026-12-07T07:00:00+05:30', '2026-12-07T09:30:00+05:30', 1800],
    ['2026-12-07T17:00:00+05:30', '2026-12-07T21:00:00+05:30', 3600],
    ['2026-12-07T05:00:00+05:30', '2026-12-07T08:59:00+05:30', 0],
    ['2026-12-07T18:30:00+05:30', '2026-12-07T23:59:00+05:30', 0],
    // the same IST day, a different UTC day
    ['2026-12-07T01:00:00+05:30', '2026-12-07T10:00:00+05:30', 3600],
    ['2026-12-08T10:00:00+05:30', '2026-12-08T12:00:00+05:30', 0],
    ['2026-12-05T10:00:00+05:30', '2026-12-05T12:00:00+05:30', 0],
    ['2026-12-06T10:00:00+05:30', '2026-12-06T12:00:00+05:30', 0],
    ['2026-12-07T12:00:00+05:30', '2026-12-07T11:00:00+05:30', 0],
    // Friday afternoon to Monday morning; Monday to Wednesday across the holiday
    ['2026-12-04T17:00:00+05:30', '2026-12-07T10:00:00+05:30', 7200],
    ['2026-12-07T17:30:00+05:30', '2026-12-09T09:30:00+05:30', 3600],
  ];
  for (const [from, to, expected] of intervals) {
    const clock = await seconds('select review_working_seconds($1::timestamptz, $2::timestamptz) as n', from, to);
    expect({ from, to, clock }).toEqual({ from, to, clock: await seconds(BY_SERIES, from, to) });
    expect({ from, to, clock }).toEqual({ from, to, clock: expected });
  }
});
