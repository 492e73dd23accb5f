/**
 * The restore drill of docs/operations.md, as an operator runs it: applicants part-way through
 * their journeys and others signed (one with a reviewer's decisions on its audit trail); a backup
 * (`pg_dump -Fc` and a copy of the file store) taken while they are so; a restore into a fresh
 * database on the same server (`pg_restore`) and a copied file store; an API process started on
 * the copy with the same keys. Every applicant's record and every staff view of it read back as
 * before, each signed form is the same file and its signature verifies (poppler's pdfsig), each
 * audit chain verifies, an applicant part-way through finishes the journey on the copy, and the
 * key rotation tool re-encrypts the restored copy so that it reads back under the new key alone.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { cpSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sandboxPki } from '../../src/documents/signing/sandbox-pki.ts';
import { compiledApiArgs, freePort, spawnApi, startBudgetMs, waitReady } from '../support/child-server.ts';
import { type JourneyResult, runFullJourney } from '../support/full-journey.ts';
import { newApplicant } from '../support/journey-applicant.ts';
import { fetchClient } from '../support/journey-client.ts';
import { journeyAssets } from '../support/journey-assets.ts';
import { runTool, toolOutput } from '../support/system-tool.ts';
import { SHARED_DATABASE_KEYS } from '../support/test-app.ts';

const DB = process.env.TEST_DATABASE_URL;
const REDIS = process.env.TEST_REDIS_URL;
const SOURCE_DB = `ekyc_backup_source_${process.pid}`;
const RESTORED_DB = `ekyc_backup_restored_${process.pid}`;
const urlOf = (name: string) => Object.assign(new URL(DB!), { pathname: `/${name}` }).toString();
const onServer = async (statement: string) => {
  const c = new pg.Client({ connectionString: DB });
  await c.connect();
  await c.query(statement).finally(() => c.end());
};
const BUDGET = startBudgetMs();
const STAFF = {
  email: 'restore.reviewer@broker.example',
  password: 'restore reviewer pass 1',
  name: 'Restore Reviewer',
};
const NEW_ENCRYPTION_KEY = randomBytes(32).toString('base64');

/** Signed links carry an expiry and a signature made when asked: compare them without their query. */
function withoutLinkQueries(value: unknown): unknown {
  if (typeof value === 'string') return /^(\/|https?:\/\/)\S*\?/.test(value) ? value.split('?')[0] : value;
  if (Array.isArray(value)) return value.map(withoutLinkQueries);
  if (value && typeof value === 'object')
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, withoutLinkQueries(v)]));
  return value;
}

/** A staff view claims the application and renews the claim's lease: the lease's end is not data. */
function withoutClaimLease(application: Record<string, unknown>) {
  const claim = application.claim as Record<string, unknown> | null | undefined;
  if (!claim) return application;
  const { expires_at: _lease, ...held } = claim;
  return { ...application, claim: held };
}

/** The server's major version against pg_dump's: an older pg_dump refuses the server (say so, with the fix). */
async function expectClientNotOlder() {
  const c = new pg.Client({ connectionString: DB });
  await c.connect();
  const server = Number(
    (await c.query<{ v: string }>("select current_setting('server_version_num') as v")).rows[0]!.v.slice(0, -4),
  );
  await c.end();
  const client = Number(/\b(\d+)\.\d+/.exec(toolOutput('pg_dump', ['--version']))?.[1]);
  expect(
    client,
    `pg_dump ${client} is older than the server (${server}): install postgresql-client-${server}`,
  ).toBeGreaterThanOrEqual(server);
}

interface Snapshot {
  details: unknown;
  application: unknown;
  audit: { entries: { hash: string }[]; chain: { valid: boolean; checked: number; broken_at: number | null } };
  signedForm: Buffer | null;
}

describe.runIf(DB && REDIS)('backup and restore drill', () => {
  const work = mkdtempSync(path.join(tmpdir(), 'restore-drill-'));
  const sourceDir = path.join(work, 'source');
  const restoredDir = path.join(work, 'restored');
  const dump = path.join(work, 'ekyc.dump');
  const procs: ChildProcess[] = [];
  const partWay: JourneyResult[] = [];
  const signed: JourneyResult[] = [];
  const ids = new Map<string, string>();
  const before = new Map<string, Snapshot>();

  const env = (
    database: string,
    dataDir: string,
    port: number,
    keys: Record<string, string> = SHARED_DATABASE_KEYS,
  ) => ({
    ...process.env,
    PORT: String(port),
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    DATABASE_URL: urlOf(database),
    REDIS_URL: REDIS,
    REDIS_KEY_PREFIX: `test-restore-${randomBytes(6).toString('hex')}:`,
    ...keys,
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    WEB_DIST: '/nonexistent',
    EKYC_TEST_FIXTURES: 'true',
    SANDBOX_SKIP_HEAVY_CHECKS: 'true',
    RATE_LIMIT_PER_MINUTE: '1000000',
    OTP_RATE_LIMIT_PER_MINUTE: '1000000',
    OTP_RATE_LIMIT_PER_MOBILE_PER_MINUTE: '1000000',
    REGISTRATIONS_WORKER: 'false',
  });
  const start = async (database: string, dataDir: string, keys?: Record<string, string>) => {
    const port = await freePort();
    const child = spawnApi({ env: env(database, dataDir, port, keys), stdio: 'ignore' });
    procs.push(child);
    await waitReady(child, port, BUDGET);
    return { child, base: `http://127.0.0.1:${port}` };
  };
  const stop = (child: ChildProcess) =>
    child.exitCode === null && child.signalCode === null
      ? new Promise((resolve) => child.once('exit', resolve).kill('SIGTERM'))
      : Promise.resolve();

  async function staffToken(base: string): Promise<string> {
    const post = (url: string, body: unknown) =>
      fetch(`${base}${url}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
    await post('/sandbox/fixtures/staff', { ...STAFF, role: 'reviewer' });
    const login = (await (await post('/api/v1/backoffice/login', STAFF)).json()) as { data: { token: string } };
    return login.data.token;
  }

  async function snapshot(base: string, staff: string, journey: JourneyResult): Promise<Snapshot> {
    const get = async (url: string, token: string) => {
      const res = await fetch(`${base}${url}`, { headers: { authorization: `Bearer ${token}` } });
      expect(res.status, url).toBe(200);
      return ((await res.json()) as { data: unknown }).data;
    };
    const details = (await get('/api/v1/ekyc/get-user-details', journey.token)) as [
      { id?: string; esign_obj?: { signed_document?: string } },
    ];
    const id = ids.get(journey.token)!;
    const link = details[0].esign_obj?.signed_document;
    let signedForm: Buffer | null = null;
    if (link) {
      const res = await fetch(new URL(link, base));
      expect(res.status).toBe(200);
      signedForm = Buffer.from(await res.arrayBuffer());
    }
    return {
      details: withoutLinkQueries(details),
      application: withoutClaimLease(
        withoutLinkQueries(await get(`/api/v1/backoffice/applications/${id}`, staff)) as Record<string, unknown>,
      ),
      audit: (await get(`/api/v1/backoffice/applications/${id}/audit`, staff)) as Snapshot['audit'],
      signedForm,
    };
  }

  /** pdfsig (poppler), independent of the code that signed: the form's signature is valid. */
  function expectSignatureValid(pdf: Buffer, name: string) {
    const file = path.join(work, `${name}.pdf`);
    writeFileSync(file, pdf);
    const out = runTool('pdfsig', [file]);
    expect(out.stdout).toContain('Signature Validation: Signature is Valid.');
  }

  async function expectAsBefore(base: string) {
    const staff = await staffToken(base);
    for (const journey of [...partWay, ...signed]) {
      const was = before.get(journey.token)!;
      const now = await snapshot(base, staff, journey);
      expect(now.details).toEqual(was.details);
      expect(now.application).toEqual(was.application);
      // the chain as backed up, then the entries of reading it again (a staff view is audited), intact
      expect(now.audit.chain).toMatchObject({ valid: true, broken_at: null });
      expect(now.audit.entries.slice(0, was.audit.entries.length).map((e) => e.hash)).toEqual(
        was.audit.entries.map((e) => e.hash),
      );
      if (was.signedForm) {
        expect(now.signedForm, 'the signed form reads back').not.toBeNull();
        expect(createHash('sha256').update(now.signedForm!).digest('hex')).toBe(
          createHash('sha256').update(was.signedForm).digest('hex'),
        );
        expectSignatureValid(now.signedForm!, `restored-${journey.applicant.pan}`);
      }
    }
    return staff;
  }

  beforeAll(async () => {
    await expectClientNotOlder();
    for (const db of [SOURCE_DB, RESTORED_DB]) await onServer(`drop database if exists ${db} with (force)`);
    await onServer(`create database ${SOURCE_DB}`);
    sandboxPki({ dataDir: sourceDir, inMemory: false });
    const source = await start(SOURCE_DB, sourceDir);
    const assets = await journeyAssets();
    const client = fetchClient(source.base);
    for (const until of ['bank', 'selfie'] as const)
      partWay.push(await runFullJourney(client, { applicant: newApplicant(), assets, until }));
    for (let i = 0; i < 2; i += 1) signed.push(await runFullJourney(client, { applicant: newApplicant(), assets }));
    const staff = await staffToken(source.base);
    // each applicant's id, as the back office's queue lists it (searched by PAN)
    for (const journey of [...partWay, ...signed]) {
      const res = await fetch(`${source.base}/api/v1/backoffice/applications?q=${journey.applicant.pan}`, {
        headers: { authorization: `Bearer ${staff}` },
      });
      const rows = ((await res.json()) as { data: { items: { id: string }[] } }).data.items;
      expect(rows, `the queue finds ${journey.applicant.pan}`).toHaveLength(1);
      ids.set(journey.token, rows[0]!.id);
    }
    // a reviewer's decisions on the first signed application: entries on its audit chain
    const res = await fetch(`${source.base}/api/v1/backoffice/applications/${ids.get(signed[0]!.token)}/decisions`, {
      method: 'POST',
      headers: { authorization: `Bearer ${staff}`, 'content-type': 'application/json' },
      body: JSON.stringify({ decisions: [110, 120, 130].map((stage) => ({ stage, activity: 'Accept' })) }),
    });
    expect(res.status).toBe(200);
    for (const journey of [...partWay, ...signed])
      before.set(journey.token, await snapshot(source.base, staff, journey));

    // the backup, taken with the process running (pg_dump reads one consistent snapshot)
    toolOutput('pg_dump', ['-Fc', '-f', dump, urlOf(SOURCE_DB)]);
    cpSync(sourceDir, restoredDir, { recursive: true });
    // the source goes on after the backup: what happens now is not in the copy
    await runFullJourney(client, {
      applicant: partWay[0]!.applicant,
      assets,
      token: partWay[0]!.token,
      until: 'signature',
    });
    await stop(source.child);

    await onServer(`create database ${RESTORED_DB}`);
    toolOutput('pg_restore', ['--no-owner', '--exit-on-error', '-d', urlOf(RESTORED_DB), dump]);
  }, BUDGET * 4);

  afterAll(async () => {
    await Promise.all(procs.map(stop));
    for (const db of [SOURCE_DB, RESTORED_DB]) await onServer(`drop database if exists ${db} with (force)`);
    rmSync(work, { recursive: true, force: true });
  });

  it(
    'the restored copy reads back every application, signed form and audit chain; a journey part-way finishes on it',
    async () => {
      expect(signed.every((s) => s.stage === 220)).toBe(true);
      expect(before.get(signed[0]!.token)!.audit.chain.checked).toBeGreaterThan(0);
      expect(before.get(signed[0]!.token)!.signedForm).not.toBeNull();
      expectSignatureValid(before.get(signed[0]!.token)!.signedForm!, 'source');

      const restored = await start(RESTORED_DB, restoredDir);
      await expectAsBefore(restored.base);
      // the applicant's session was restored too: the journey goes on from where the backup left it
      const resumed = await runFullJourney(fetchClient(restored.base), {
        applicant: partWay[1]!.applicant,
        assets: await journeyAssets(),
        token: partWay[1]!.token,
      });
      expect(resumed.stage).toBe(220);
      await stop(restored.child);
    },
    BUDGET * 2,
  );

  it(
    'the key rotation tool re-encrypts the restored copy, which then reads back under the new key alone',
    async () => {
      const rotate = spawn(process.execPath, compiledApiArgs('cli/rotate-keys.js'), {
        env: {
          ...env(RESTORED_DB, restoredDir, 0),
          ENCRYPTION_KEY: NEW_ENCRYPTION_KEY,
          ENCRYPTION_KEYS_OLD: SHARED_DATABASE_KEYS.ENCRYPTION_KEY,
        },
      });
      let out = '';
      rotate.stdout.on('data', (d: Buffer) => (out += d.toString()));
      const code = await new Promise((resolve) => rotate.once('exit', resolve));
      expect(code).toBe(0);
      const [, values, files] = /Re-encrypted (\d+) values and (\d+) files/.exec(out) ?? [];
      expect(Number(values)).toBeGreaterThan(0);
      expect(Number(files)).toBeGreaterThan(0);

      const rotated = await start(RESTORED_DB, restoredDir, {
        SECRET_KEY: SHARED_DATABASE_KEYS.SECRET_KEY,
        ENCRYPTION_KEY: NEW_ENCRYPTION_KEY,
      });
      // the signed journeys and the one still part-way (the other finished on the copy above)
      partWay.splice(1, 1);
      await expectAsBefore(rotated.base);
    },
    BUDGET * 2,
  );
});
