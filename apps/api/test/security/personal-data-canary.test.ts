/**
 * Personal-data canary: one full journey with unique values (PAN, the full Aadhaar number a
 * misbehaving DigiLocker presents, bank account number, date of birth, every OTP and token the
 * journey sees), on a DATA_DIR on disk with logs captured at debug level. Then every table is
 * dumped as text, the logs and every stored file on disk are searched: no canary appears in plain
 * text (sections and documents are encrypted at rest; OTPs and tokens are kept only as hashes).
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { runFullJourney } from '../support/full-journey.ts';
import { newApplicant } from '../support/journey-applicant.ts';
import { injectClient } from '../support/journey-client.ts';
import { journeyAssets } from '../support/journey-assets.ts';
import { seedDataDir } from '../support/pglite-template.ts';
import { testApp } from '../support/test-app.ts';
import { digilockerThroughSandbox, unmask } from '../support/unmasking-digilocker.ts';

/** Sandbox-only tables hold what a sandbox shows people on purpose (the outbox with its OTPs). */
const SANDBOX_TABLES = /^sandbox_/;

const dir = mkdtempSync(path.join(tmpdir(), 'canary-'));
const logs: string[] = [];
let app: FastifyInstance;
const applicant = newApplicant(`canary-${process.pid}-${Date.now()}`);
// a full Aadhaar number, as a provider that does not mask it would present it
const FULL_AADHAAR = `9${String(Date.now()).slice(-11)}`;

beforeAll(async () => {
  const digilocker = digilockerThroughSandbox(() => app, unmask(FULL_AADHAAR));
  const logStream = new Writable({
    write(chunk: Buffer, _enc, done) {
      logs.push(chunk.toString());
      done();
    },
  });
  await seedDataDir(dir);
  app = await testApp(
    { DATA_DIR: dir, LOG_LEVEL: 'debug', SANDBOX_SKIP_HEAVY_CHECKS: 'true' },
    { digilocker, logStream },
  );
}, 180_000);
afterAll(async () => {
  await app.close();
  rmSync(dir, { recursive: true, force: true });
});

async function dumpTables(): Promise<Record<string, string>> {
  const rows = (r: unknown) => (Array.isArray(r) ? r : (r as { rows: unknown[] }).rows) as Record<string, string>[];
  const names = rows(
    await app.deps.database.db.execute(
      sql`select table_name as name from information_schema.tables where table_schema = 'public' order by 1`,
    ),
  ).map((r) => r.name!);
  const dump: Record<string, string> = {};
  for (const name of names)
    dump[name] = rows(await app.deps.database.db.execute(sql.raw(`select t::text as row from "${name}" t`)))
      .map((r) => r.row)
      .join('\n');
  return dump;
}

function filesUnder(root: string): string[] {
  return readdirSync(root).flatMap((n) => {
    const p = path.join(root, n);
    return statSync(p).isDirectory() ? filesUnder(p) : [p];
  });
}

/** Occurrences of a value as a whole token (not inside a longer run of digits or base64). */
const occurs = (haystack: string, needle: string) =>
  new RegExp(`(?<![0-9A-Za-z+/_-])${needle.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')}(?![0-9A-Za-z+/_-])`).test(haystack);

it('finds no canary in the database, the logs or the stored files', { timeout: 300_000 }, async () => {
  const result = await runFullJourney(injectClient(app), { applicant, assets: await journeyAssets() });
  expect(result.stage).toBe(220);
  const [d, m, y] = applicant.dob.split('/');
  const canaries: Record<string, string> = {
    PAN: applicant.pan,
    'full Aadhaar number': FULL_AADHAAR,
    'account number': applicant.accountNumber,
    'date of birth': applicant.dob,
    'date of birth (ISO)': `${y}-${m}-${d}`,
    'date of birth (e-Aadhaar)': `${d}-${m}-${y}`,
    ...Object.fromEntries(result.secrets.map((s, i) => [`OTP or token #${i + 1}`, s])),
  };
  expect(result.secrets.length).toBeGreaterThanOrEqual(5);

  const dump = await dumpTables();
  const fileList = filesUnder(path.join(dir, 'files'));
  expect(fileList.length, 'documents were stored on disk').toBeGreaterThanOrEqual(3);
  const places: Record<string, string> = {
    ...Object.fromEntries(
      Object.entries(dump)
        .filter(([n]) => !SANDBOX_TABLES.test(n))
        .map(([n, text]) => [`table ${n}`, text]),
    ),
    logs: logs.join(''),
    ...Object.fromEntries(fileList.map((f) => [`file ${path.relative(dir, f)}`, readFileSync(f).toString('latin1')])),
  };
  // the search itself works: the sandbox outbox (left out above) shows its OTPs in plain text by design
  const outbox = Object.entries(dump).find(([n]) => SANDBOX_TABLES.test(n) && n.includes('outbox'))?.[1] ?? '';
  expect(
    result.secrets.some((s) => occurs(outbox, s)),
    'the search finds an OTP where one is',
  ).toBe(true);
  const found: string[] = [];
  for (const [what, value] of Object.entries(canaries))
    for (const [where, text] of Object.entries(places)) if (occurs(text, value)) found.push(`${what} in ${where}`);
  const bytes = Object.values(places).reduce((n, t) => n + t.length, 0);
  console.log(
    `personal-data canary: ${Object.keys(canaries).length} canaries searched in ${Object.keys(dump).length} tables, ${logs.length} log lines and ${fileList.length} stored files (${(bytes / 1e6).toFixed(1)} MB): ${found.length} found`,
  );
  if (found.length) console.log(found.join('\n'));
  expect(found).toEqual([]);
});
