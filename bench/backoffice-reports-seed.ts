/**
 * The reports' database alone, seeded in SQL (no HTTP, no sealing in JavaScript): 100,000
 * applications, their staff decisions and review statuses as the audit trail's trigger keeps them
 * (20 staff: 15 makers, 4 checkers, an administrator), then the summary tables of
 * 2941_review_report_summaries.sql and 2942_review_status_times.sql rebuilt in one pass, as after a
 * bulk load. A quicker way than
 * the queue benchmark's seed to a database `bench/backoffice-reports.ts` measures (the reports read
 * neither the applications' sealed data nor the audit trail itself).
 *
 * `node --import tsx bench/backoffice-reports-seed.ts`; BENCH_DATABASE_URL, BENCH_QUEUE_DB_NAME,
 * BENCH_QUEUE_APPLICATIONS (100,000) as the queue benchmark's.
 */
import pg from 'pg';
import { openDatabase } from '../apps/api/src/db/client.ts';
import { migrate } from '../apps/api/src/db/migrate.ts';
import { freshDatabase } from './lib.ts';

const DB = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const DB_NAME = process.env.BENCH_QUEUE_DB_NAME ?? 'ekyc_test_backoffice';
const COUNT = Number(process.env.BENCH_QUEUE_APPLICATIONS ?? 100_000);

const url = await freshDatabase(DB, DB_NAME);
const database = await openDatabase({ databaseUrl: url, dataDir: '/tmp', inMemory: false, databasePoolMax: 1 });
await migrate(database);
await database.close();
// one connection of its own, without the app's time limits: the triggers off while it writes
const client = new pg.Client({ connectionString: url });
await client.connect();
const run = async (label: string, text: string, params: unknown[] = []) => {
  const t0 = performance.now();
  await client.query(text, params);
  console.log(`  ${label}: ${Math.round(performance.now() - t0)} ms`);
};
console.log(`Seeding ${COUNT.toLocaleString('en-GB')} applications and their review in SQL…`);
await run('session', `set session_replication_role = replica`);
// applications started over the last 100 days
await run(
  'applications',
  `insert into applicants (mobile_hash, mobile_enc, own_refcode, created_at)
   select md5('bench' || g), 'sealed', 'B' || g, now() - make_interval(mins => (g * 1440 / ($1::int / 100))::int)
   from generate_series(1, $1::int) g`,
  [COUNT],
);
await run(
  'staff',
  `insert into staff (email, name, role, password_hash)
   select 'bench.staff' || lpad(g::text, 2, '0') || '@broker.example', 'Bench Staff ' || g,
     case when g <= 15 then 'reviewer' when g <= 19 then 'checker' else 'admin' end, 'not-a-password'
   from generate_series(1, 20) g`,
);
// 80 in 100 reviewed: two stages accepted by a maker a day or so after review began (one in ten of
// those sent back instead), six in ten then confirmed by a checker some hours later
await run(
  'decisions',
  `with people as (
     select array_agg(id order by email) filter (where role = 'reviewer') as makers,
            array_agg(id order by email) filter (where role = 'checker') as checkers
     from staff where email like 'bench.staff%'),
   apps as (
     select a.id, a.created_at + interval '1 hour' as waiting_from, abs(hashtext(a.id::text)) as h,
       row_number() over (order by a.created_at) as n
     from applicants a),
   decided as (
     select id, waiting_from, h, n, waiting_from + make_interval(mins => h % 3000) as decided_at from apps where n % 10 < 8)
   insert into review_decisions (audit_id, applicant_id, staff_id, at, stage, role, outcome, reason_code, waiting_from)
   select -row_number() over (), x.* from (
     select d.id, p.makers[1 + d.h % 15], d.decided_at, s.stage, 'maker',
       case when d.n % 10 = 7 and s.stage = 170 then 'reject' else 'accept' end,
       case when d.n % 10 = 7 and s.stage = 170
         then (array['SIGNATURE_MISMATCH', 'PAN_NAME_MISMATCH', 'AADHAAR_UNREADABLE'])[1 + d.h % 3] end,
       d.waiting_from
     from decided d, people p, (values (160), (170)) s(stage)
     union all
     select d.id, p.checkers[1 + d.h % 4], d.decided_at + make_interval(mins => 60 + d.h % 600), 220, 'checker',
       'accept', null, d.decided_at
     from decided d, people p where d.n % 10 < 6) x`,
);
await run(
  'statuses',
  `insert into review_status_log (audit_id, applicant_id, at, status)
   select -row_number() over (), x.applicant_id, x.at, x.status from (
     select d.applicant_id, min(d.waiting_from) as at, 'Pending' as status from review_decisions d group by d.applicant_id
     union all
     select d.applicant_id, max(d.at), case when bool_or(d.outcome = 'reject') then 'Rejected' else 'Approved' end
       from review_decisions d where d.role = 'checker' or d.outcome = 'reject' group by d.applicant_id) x`,
);
await run('session', `set session_replication_role = origin`);
await run('summary tables rebuilt (review_summaries_rebuild)', `select review_summaries_rebuild()`);
await run('status times rebuilt (review_status_times_rebuild)', `select review_status_times_rebuild()`);
await run('vacuum analyze', `vacuum analyze`);
const counts = (await client.query(
  `select (select count(*) from review_decisions) as decisions, (select count(*) from review_sittings) as sittings,
     (select count(*) from review_status_log) as statuses`,
)) as { rows: { decisions: string; sittings: string; statuses: string }[] };
console.log(`  ${JSON.stringify(counts.rows[0])}`);
await client.end();
