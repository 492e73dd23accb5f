import type { FastifyInstance } from 'fastify';
import { afterAll, expect, it } from 'vitest';
import { loadConfig } from '../src/config.ts';
import { type Database, openDatabase } from '../src/db/client.ts';
import { migrate } from '../src/db/migrate.ts';
import { staffRepository } from '../src/modules/backoffice/staff.repository.ts';
import { ensureFirstAdmin, SANDBOX_ADMIN_EMAIL } from '../src/modules/backoffice/ensure-first-admin.ts';
import { PRODUCTION_PROVIDER_ENV, testApp } from './support/test-app.ts';

let database: Database | undefined;
let app: FastifyInstance | undefined;
afterAll(async () => {
  if (app) await app.close();
  else await database?.close();
});

it('has no default account outside sandbox mode; in sandbox mode a random password is printed once and signs in', async () => {
  database = await openDatabase({ inMemory: true, dataDir: 'memory://', databasePoolMax: 1 });
  await migrate(database);
  const base = { NODE_ENV: 'test', DATA_DIR: 'memory://', LOG_LEVEL: 'silent' } as const;

  const production = loadConfig({ ...base, ...PRODUCTION_PROVIDER_ENV });
  expect(await ensureFirstAdmin({ config: production, database })).toBeNull();
  expect(await staffRepository.countStaff(database.db)).toBe(0);

  const sandbox = loadConfig(base);
  const line = await ensureFirstAdmin({ config: sandbox, database });
  expect(line).toContain(SANDBOX_ADMIN_EMAIL);
  const password = /password (\S+)$/.exec(line ?? '')?.[1] ?? '';
  expect(password.length).toBeGreaterThanOrEqual(16);
  expect(await ensureFirstAdmin({ config: sandbox, database })).toBeNull();

  app = await testApp({}, { database });
  const res = await app.inject({
    method: 'POST',
    url: '/api/v1/backoffice/login',
    payload: { email: SANDBOX_ADMIN_EMAIL, password },
  });
  expect(res.json()).toMatchObject({ status: true, data: { staff: { role: 'admin' } } });
}, 120_000);
