/**
 * The reports' day tables (2990_review_report_days.sql): kept by statement triggers as decisions
 * are written, counted again and removed, they always equal the per-decision rows aggregated per
 * day; and a period read from them (whole days) and from the per-decision rows (its first,
 * partial day) gives exactly what the per-decision rows alone give, medians included.
 */
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Tx } from '../src/db/client.ts';
import { query, toNum } from '../src/db/raw.ts';
import { reportsRepository } from '../src/modules/backoffice/reports/reports.repository.ts';
import { workingCalendarRepository } from '../src/modules/backoffice/reports/working-calendar.repository.ts';
import { testApp } from './support/test-app.ts';

let app: FastifyInstance;
let maker: string;
let checker: string;
const SLA = 9;

async function staff(name: string, role: string) {
  const res = await app.inject({
    method: 'POST',
    url: '/sandbox/fixtures/staff',
    payload: { email: `${randomUUID()}@broker.example`, name, role, password: 'Report-Days-Passphrase-4417' },
  });
  return (res.json() as { data: { id: string } }).data.id;
}

/** Within one snapshot, so that the others' decisions written meanwhile change neither side. */
const snapshot = <T>(run: (tx: Tx) => Promise<T>) =>
  app.deps.database.db.transaction(run, { isolationLevel: 'repeatable read' });

/** The per-person figures as the per-decision rows alone give them (the reports' former query). */
async function peopleFromSittings(tx: Tx, days: number, staffId: string) {
  const rows = await query<{
    role: string;
    n: unknown;
    decisions: unknown;
    sent_back: unknown;
    median: unknown;
    breaches: unknown;
  }>(
    tx,
    sql`with s as (select x.role, x.stage_decisions, x.sent_back, round(x.working_seconds / 360.0) / 10 as h
          from review_sittings x where x.decided_at >= now() - make_interval(days => ${days}::int)
            and x.staff_id = ${staffId}::uuid)
        select s.role, count(*) as n, sum(s.stage_decisions) as decisions, count(*) filter (where s.sent_back) as sent_back,
          percentile_cont(0.5) within group (order by s.h) as median, count(*) filter (where s.h > ${SLA}) as breaches
        from s group by s.role order by s.role`,
  );
  return rows.map((r) => ({
    role: r.role,
    applications: toNum(r.n),
    stageDecisions: toNum(r.decisions),
    sentBack: toNum(r.sent_back),
    medianHours: r.median === null ? null : Math.round(toNum(r.median) * 100) / 100,
    breaches: toNum(r.breaches),
  }));
}

/** Rows of a day table that differ from the aggregate of their source (none when they are kept right). */
async function drift(tx: Tx) {
  const [row] = await query<{ turnaround: unknown; pairs: unknown; confirmations: unknown }>(
    tx,
    sql`with ta as (select review_utc_day(decided_at) as day, staff_id, role, review_tenths(working_seconds) as tenths,
            count(*)::int as n, sum(stage_decisions)::int as sd, (count(*) filter (where sent_back))::int as sb
          from review_sittings group by 1, 2, 3, 4),
        tb as (select day, staff_id, role, tenths, applications as n, stage_decisions as sd, sent_back as sb
          from review_turnaround_days),
        pa as (select review_utc_day(confirmed_at) as day, maker_id, checker_id, count(*)::int as n
          from review_pairs group by 1, 2, 3),
        pb as (select day, maker_id, checker_id, applications as n from review_pair_days),
        ca as (select review_utc_day(confirmed_at) as day, count(*)::int as n,
            (count(*) filter (where not sent_back))::int as ft
          from review_confirmations where confirmed_at is not null group by 1),
        cb as (select day, approved as n, first_time as ft from review_confirmation_days)
      select (select count(*) from ((table ta except table tb) union all (table tb except table ta)) x) as turnaround,
        (select count(*) from ((table pa except table pb) union all (table pb except table pa)) x) as pairs,
        (select count(*) from ((table ca except table cb) union all (table cb except table ca)) x) as confirmations`,
  );
  return { turnaround: toNum(row?.turnaround), pairs: toNum(row?.pairs), confirmations: toNum(row?.confirmations) };
}

beforeAll(async () => {
  app = await testApp();
  maker = await staff('Dina Days', 'reviewer');
  checker = await staff('Cyrus Days', 'checker');
  // 40 applications decided over the last 40 days, waits of 0 to 60 hours; some sent back; three
  // around the first day of a 30-day period (a minute inside it, a minute outside it)
  const base = -Math.floor(Math.random() * 1e12) - 1e12;
  const minutesAgo = [
    ...Array.from({ length: 37 }, (_, i) => i * 1559 + 7),
    30 * 1440 - 1,
    30 * 1440 + 1,
    30 * 1440 - 3,
  ];
  await app.deps.database.db.execute(sql`insert into review_decisions
      (audit_id, applicant_id, staff_id, at, stage, role, outcome, reason_code, waiting_from)
    select ${base} - g * 10 - s.n, a.id, case when s.n = 3 then ${checker}::uuid else ${maker}::uuid end,
      now() - make_interval(mins => m.ago) + make_interval(mins => s.n), s.stage,
      case when s.n = 3 then 'checker' else 'maker' end,
      case when g % 7 = 3 and s.n = 2 then 'reject' else 'accept' end,
      case when g % 7 = 3 and s.n = 2 then 'SIGNATURE_MISMATCH' end,
      now() - make_interval(mins => m.ago) - make_interval(mins => ((g * 97) % 3600)::int)
    from unnest(${`{${minutesAgo.join(',')}}`}::int[]) with ordinality as m(ago, g)
    cross join lateral (select md5(${base}::text || m.g)::uuid as id) a
    cross join (values (1, 160), (2, 170), (3, 220)) s(n, stage)
    where not (g % 7 = 3 and s.n = 3)`);
}, 120_000);
afterAll(() => app.close());

it('keeps the sittings, confirmations and pairs as their rebuild from the decisions gives them', async () => {
  // the decisions above came in one statement: the statement's rows are summed per sitting together
  const tables = ['review_sittings', 'review_confirmations', 'review_pairs'];
  const written = async (tx: Tx) =>
    Promise.all(tables.map((t) => query(tx, sql.raw(`select * from ${t} x order by x::text`))));
  await app.deps.database.db
    .transaction(async (tx) => {
      const before = await written(tx);
      expect(before[0]!.length).toBeGreaterThan(40);
      await tx.execute(sql`select review_summaries_rebuild()`);
      expect(await written(tx)).toEqual(before);
      throw new Error('rolled back');
    })
    .catch((err: Error) => expect(err.message).toBe('rolled back'));
});

it('keeps the day tables equal to the per-decision rows as they are written, counted again and removed', async () => {
  expect(await snapshot(drift)).toEqual({ turnaround: 0, pairs: 0, confirmations: 0 });
  // a holiday's recount updates the working seconds of many decisions in one statement
  await app.deps.database.db.transaction(async (tx) => {
    await tx.execute(sql`insert into review_trading_holidays (day) values (current_date - 3) on conflict do nothing`);
    await workingCalendarRepository.recount(tx, [new Date(Date.now() - 3 * 86_400_000).toISOString().slice(0, 10)]);
    await tx.execute(sql`delete from review_trading_holidays where day = current_date - 3`);
    await workingCalendarRepository.recount(tx, [new Date(Date.now() - 3 * 86_400_000).toISOString().slice(0, 10)]);
  });
  expect(await snapshot(drift)).toEqual({ turnaround: 0, pairs: 0, confirmations: 0 });
});

it('gives a period the figures of its per-decision rows, its first partial day included', async () => {
  for (const days of [30, 7, 90]) {
    const [kept, fresh] = await snapshot(async (tx) => [
      (await reportsRepository.people(tx, { days, staffId: maker }, SLA)).map(
        ({ role, applications, stageDecisions, sentBack, medianHours, breaches }) => ({
          role,
          applications,
          stageDecisions,
          sentBack,
          medianHours,
          breaches,
        }),
      ),
      await peopleFromSittings(tx, days, maker),
    ]);
    expect(kept).toEqual(fresh);
  }
  const month = await reportsRepository.people(app.deps.database.db, { days: 30, staffId: maker }, SLA);
  // the decisions a minute inside the period count, the one a minute outside does not
  expect(month[0]!.applications).toBe(
    Number(
      (
        await query<{ n: unknown }>(
          app.deps.database.db,
          sql`select count(*) as n from review_sittings where staff_id = ${maker}::uuid
            and decided_at >= now() - interval '30 days'`,
        )
      )[0]!.n,
    ),
  );
  const pairs = await reportsRepository.pairs(app.deps.database.db, { days: 90, staffId: checker });
  expect(pairs).toEqual([expect.objectContaining({ makerId: maker, checkerId: checker, applications: 34 })]);
});

it('counts the team first-time-right from the day table as from the confirmations', async () => {
  const [kept, fresh] = await snapshot(async (tx) => [
    await reportsRepository.firstTimeRight(tx, { days: 30, staffId: null }),
    (
      await query<{ approved: unknown; first_time: unknown }>(
        tx,
        sql`select count(*) as approved, count(*) filter (where not sent_back) as first_time from review_confirmations
          where confirmed_at >= now() - interval '30 days'`,
      )
    ).map((r) => ({ approved: toNum(r.approved), firstTime: toNum(r.first_time) }))[0],
  ]);
  expect(kept).toEqual(fresh);
});

it('drops the rows of removed decisions', async () => {
  await app.deps.database.db.execute(
    sql`delete from review_sittings where staff_id = ${maker}::uuid and decided_at < now() - interval '20 days'`,
  );
  expect(await snapshot(drift)).toEqual({ turnaround: 0, pairs: 0, confirmations: 0 });
});
