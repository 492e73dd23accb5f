/**
 * The back office's review queue with 100,000 applications on PostgreSQL: the queue page, its
 * filters, sorting and search through the HTTP API, p50 and p95 of each. The applications are
 * written straight into the tables (encrypted as the app writes them, with their search terms and
 * standing), then the server reads them as it would its own.
 *
 * `npm run bench -- --only=queue`; BENCH_QUEUE_APPLICATIONS sets the number (100,000).
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { Cipher, Hasher } from '../apps/api/src/lib/crypto.ts';
import { applicantTerms } from '../apps/api/src/modules/backoffice/search-terms.ts';
import { freshDatabase, percentile, type Section, startServer, table } from './lib.ts';

const DB = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const DB_NAME = process.env.BENCH_QUEUE_DB_NAME ?? 'ekyc_test_backoffice';
const COUNT = Number(process.env.BENCH_QUEUE_APPLICATIONS ?? 100_000);
const RUNS = Number(process.env.BENCH_QUEUE_RUNS ?? 40);
const BATCH = 2000;
const FIRST = [
  'RAVI',
  'PRIYA',
  'ANIL',
  'SUNITA',
  'ARJUN',
  'MEERA',
  'VIKRAM',
  'KAVYA',
  'RAHUL',
  'DIVYA',
  'SANJAY',
  'NEHA',
];
const MIDDLE = ['', 'KUMAR', 'DEVI', 'LAL', 'PRASAD', ''];
const LAST = ['SHARMA', 'VERMA', 'IYER', 'NAIR', 'PATEL', 'DESAI', 'REDDY', 'GUPTA', 'JOSHI', 'MENON', 'RAO', 'KHAN'];
const SOURCES = ['google', 'facebook', 'partner', 'youtube', null];
const pick = <T>(list: readonly T[], i: number) => list[i % list.length]!;

function databaseUrl(): string {
  const url = new URL(DB);
  url.pathname = `/${DB_NAME}`;
  return url.toString();
}

const panOf = (i: number) =>
  `${String.fromCharCode(65 + (i % 26))}${String.fromCharCode(65 + ((i >> 5) % 26))}${'CPT'[i % 3]}P${String.fromCharCode(65 + ((i >> 10) % 26))}${String(i % 10_000).padStart(4, '0')}${String.fromCharCode(65 + ((i >> 3) % 26))}`;

/** Writes the applications in batches; the triggers are off while seeding, their tables filled after. */
async function seed(url: string, cipher: Cipher, hasher: Hasher): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  await client.query(`set session_replication_role = replica`);
  const now = Date.now();
  for (let start = 0; start < COUNT; start += BATCH) {
    const applicants: unknown[][] = [];
    const stages: unknown[][] = [];
    const sections: unknown[][] = [];
    const terms: unknown[][] = [];
    for (let i = start; i < Math.min(COUNT, start + BATCH); i++) {
      const id = randomUUID();
      const mobile = `9${String((i * 7919 + 1234567) % 1_000_000_000).padStart(9, '0')}`;
      const name = [pick(FIRST, i), pick(MIDDLE, i >> 2), pick(LAST, i >> 4)].filter(Boolean).join(' ');
      const pan = panOf(i);
      const created = new Date(now - ((i * 48_271) % (60 * 86_400_000)));
      // 40% finished and waiting, 5% sent back, 5% approved, 10% active, the rest still filling in.
      const bucket = i % 20;
      const status =
        bucket < 8
          ? 'Pending'
          : bucket === 8
            ? 'Rejected'
            : bucket === 9
              ? 'Approved'
              : bucket < 12
                ? 'Completed'
                : 'In progress';
      const current = status === 'In progress' ? 110 + 10 * (i % 11) : 220;
      const clientCode = status === 'Completed' ? `EK${String(i).padStart(8, '0')}` : null;
      applicants.push([
        id,
        hasher.hash('mobile', mobile),
        cipher.encrypt(mobile),
        `R${i.toString(36).toUpperCase()}`,
        pick(SOURCES, i),
        clientCode,
        created,
      ]);
      for (let stage = 110, seq = 0; stage <= current; stage += 10, seq++) {
        const at = new Date(created.getTime() + seq * 60_000 + ((i * 13) % 86_400_000));
        const activity =
          stage === 220
            ? status === 'Approved' || status === 'Completed'
              ? 'Accept'
              : null
            : status === 'Rejected' && stage === 170
              ? 'Reject'
              : status === 'Approved' || status === 'Completed'
                ? 'Accept'
                : 'Pending';
        stages.push([id, stage, activity, activity === 'Reject' ? '[SIGNATURE_MISMATCH]' : null, at]);
      }
      sections.push([
        id,
        'pan_obj',
        cipher.encryptJson({ full_name: name, name_on_card: name, pan_number: pan, dob: '01/01/1990' }),
      ]);
      for (const term of applicantTerms(mobile, { full_name: name, pan_number: pan }))
        terms.push([id, hasher.hash('search', term).slice(0, 32)]);
    }
    const insert = async (head: string, rows: unknown[][]) => {
      const width = rows[0]!.length;
      const values = rows.map(
        (_r, ri) => `(${Array.from({ length: width }, (_v, ci) => `$${ri * width + ci + 1}`).join(',')})`,
      );
      await client.query(`${head} values ${values.join(',')}`, rows.flat());
    };
    await client.query('begin');
    await insert(
      'insert into applicants (id, mobile_hash, mobile_enc, own_refcode, utm_source, client_code, created_at)',
      applicants,
    );
    for (let k = 0; k < stages.length; k += 5000)
      await insert(
        'insert into applicant_stages (applicant_id, stage, admin_activity, reason, updated_at)',
        stages.slice(k, k + 5000),
      );
    await insert('insert into applicant_sections (applicant_id, name, payload_enc)', sections);
    for (let k = 0; k < terms.length; k += 10_000)
      await insert('insert into backoffice_search_terms (applicant_id, term_hash)', terms.slice(k, k + 10_000));
    await client.query('commit');
    if ((start / BATCH) % 10 === 0) console.log(`  seeded ${start + BATCH} of ${COUNT}`);
  }
  await client.query(`set session_replication_role = origin`);
  console.log('  computing the standing of every application…');
  await client.query(`insert into application_standing (applicant_id, stage, since, status, created_at)
    select a.id, s.stage, s.since,
      case when a.client_code is not null then 'Completed' when s.rejected then 'Rejected'
           when s.approved then 'Approved' when s.stage = 220 then 'Pending' else 'In progress' end,
      a.created_at
    from applicants a join (
      select applicant_id, (array_agg(stage order by seq desc))[1] as stage,
        (array_agg(updated_at order by seq desc))[1] as since,
        coalesce(bool_or(admin_activity = 'Reject'), false) as rejected,
        coalesce(bool_or(stage = 220 and admin_activity = 'Accept'), false) as approved
      from applicant_stages group by applicant_id) s on s.applicant_id = a.id
    on conflict (applicant_id) do nothing`);
  // As autovacuum would before long: the visibility map lets the search terms be read from their index alone.
  await client.query('vacuum analyze');
  await client.end();
}

/** BENCH_QUEUE_REUSE=1 measures the database the last run seeded (with the keys it kept). */
const REUSE = process.env.BENCH_QUEUE_REUSE === '1';
const KEYS_FILE = path.join(tmpdir(), 'ekyc-bench-queue-keys.json');

export async function backofficeQueueSection(): Promise<Section> {
  const reuse = REUSE && existsSync(KEYS_FILE);
  const url = reuse ? databaseUrl() : await freshDatabase(DB, DB_NAME);
  const kept = reuse ? (JSON.parse(readFileSync(KEYS_FILE, 'utf8')) as { secret: string; encryption: string }) : null;
  const secretKey = kept ? Buffer.from(kept.secret, 'base64') : randomBytes(32);
  const encryptionKey = kept ? Buffer.from(kept.encryption, 'base64') : randomBytes(32);
  const cipher = new Cipher(encryptionKey);
  const hasher = new Hasher(secretKey);
  const env = {
    DATABASE_URL: url,
    SECRET_KEY: secretKey.toString('base64'),
    ENCRYPTION_KEY: encryptionKey.toString('base64'),
    RATE_LIMIT_PER_MINUTE: '100000000',
    EKYC_TEST_FIXTURES: 'true',
    STAFF_LOGIN_DELAY_SECONDS: '0',
    DATA_DIR: `/tmp/ekyc-bench-queue-${Date.now()}`,
  };
  let seedSeconds = 0;
  if (!reuse) {
    // The first start applies the migrations; the seed then writes into the empty tables.
    const first = await startServer(8395, env);
    await first.stop();
    console.log(`Seeding ${COUNT} applications…`);
    const seeded = Date.now();
    await seed(url, cipher, hasher);
    seedSeconds = Math.round((Date.now() - seeded) / 1000);
    writeFileSync(
      KEYS_FILE,
      JSON.stringify({
        secret: secretKey.toString('base64'),
        encryption: encryptionKey.toString('base64'),
        seedSeconds,
      }),
    );
  } else seedSeconds = (JSON.parse(readFileSync(KEYS_FILE, 'utf8')) as { seedSeconds: number }).seedSeconds;
  const server = await startServer(8395, env);
  try {
    const password = 'Bench-Queue-Passphrase-2026';
    const made = await fetch(`${server.url}/sandbox/fixtures/staff`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'bench.queue@broker.example', name: 'Bench Reviewer', role: 'reviewer', password }),
    });
    const staffId = ((await made.json()) as { data: { id: string } }).data.id;
    const login = await fetch(`${server.url}/api/v1/backoffice/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'bench.queue@broker.example', password }),
    });
    const token = ((await login.json()) as { data: { token: string } }).data.token;
    // Some claims, so that "mine" and "by reviewer" have something to find.
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    await client.query('delete from backoffice_claims');
    await client.query(
      `insert into backoffice_claims (applicant_id, staff_id) select applicant_id, $1 from application_standing
       where status = 'Pending' order by since limit 300`,
      [staffId],
    );
    await client.end();

    const cases: [string, string][] = [
      ['queue page 1 (waiting for review, longest waiting first)', 'status=Pending'],
      ['queue page 200', 'status=Pending&page=200'],
      ['all statuses', ''],
      ['status: sent back', 'status=Rejected'],
      ['status: active', 'status=Completed'],
      ['stage filter (in progress at Bank)', 'status=In%20progress&stage=160'],
      ['date range (one week)', `from=${day(-20)}&to=${day(-13)}`],
      ['UTM source', 'utm_source=partner'],
      ['held by me', 'status=Pending&assigned=mine'],
      ['unassigned', 'status=Pending&assigned=unassigned'],
      ['by reviewer', `assigned=${staffId}`],
      ['sort by started, newest first', 'status=Pending&sort=created&dir=desc'],
      ['sort by client code', 'status=Completed&sort=client_code'],
      ['search: name (common surname)', 'q=SHARMA'],
      ['search: full name', 'q=PRIYA%20KUMAR%20NAIR'],
      ['search: last 5 digits of the mobile', `q=${mobileOf(4242).slice(-5)}`],
      ['search: first 6 digits of the mobile', `q=${mobileOf(4242).slice(0, 6)}`],
      ['search: PAN', `q=${panOf(31337)}`],
      ['search: client code prefix', 'q=EK0000123'],
    ];
    const rows: (string | number)[][] = [];
    let worst = 0;
    for (const [label, qs] of cases) {
      const times: number[] = [];
      for (let i = 0; i < RUNS + 2; i++) {
        const t0 = performance.now();
        const res = await fetch(`${server.url}/api/v1/backoffice/applications?${qs}`, {
          headers: { authorization: `Bearer ${token}` },
        });
        const body = (await res.json()) as { status: boolean; data: { total: number } };
        if (!body.status) throw new Error(`${label}: ${JSON.stringify(body)}`);
        if (i >= 2) times.push(performance.now() - t0);
        if (i === 2) rows.push([label, body.data.total]);
      }
      times.sort((x, y) => x - y);
      const p95 = percentile(times, 95);
      worst = Math.max(worst, p95);
      rows
        .at(-1)!
        .push(`${Math.round(percentile(times, 50))} ms`, `${Math.round(p95)} ms`, p95 < 300 ? 'within' : '**over**');
    }
    return {
      title: `Back-office review queue with ${COUNT.toLocaleString('en-GB')} applications (PostgreSQL)`,
      body: `The queue API (\`GET /api/v1/backoffice/applications\`, 20 rows a page with names and PANs decrypted, counts per status) against ${COUNT.toLocaleString('en-GB')} applications written into a fresh PostgreSQL database (${seedSeconds} s to seed, search terms and standing included), one request at a time, ${RUNS} runs after two warm-ups, after \`vacuum analyze\` (as autovacuum would). The counts per status of an unsearched filter set are kept 10 seconds (\`list-applications.ts\`), so most runs of a repeated query reuse them, as a team refreshing the same queue does. Target: p95 under 300 ms. Worst p95: ${Math.round(worst)} ms.\n\n${table(['query', 'matches', 'p50', 'p95', 'target'], rows)}`,
    };
  } finally {
    await server.stop();
  }
}

function day(offset: number): string {
  return new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
}
function mobileOf(i: number): string {
  return `9${String((i * 7919 + 1234567) % 1_000_000_000).padStart(9, '0')}`;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const section = await backofficeQueueSection();
  console.log(`## ${section.title}\n\n${section.body}`);
}
