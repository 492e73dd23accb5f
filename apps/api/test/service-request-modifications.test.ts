/**
 * Several processes carry the same client request on (each resumes them at start-up), so a late
 * answer of one pass must not move a registry's modification back: a modification accepted by one
 * pass stays accepted when another pass, which had found it submitted, writes its own older answer,
 * and a pass that found nothing sent does not turn a submitted one back into pending. (Seen once in
 * the server-mode suite: a re-KYC done at the KRA showed the KRA still "submitted".)
 */
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { servicingRepository as repo } from '../src/modules/servicing/servicing.repository.ts';
import { signUp, testApp } from './support/test-app.ts';

let app: FastifyInstance;
let requestId: string;

beforeAll(async () => {
  app = await testApp();
  const { mobile } = await signUp(app);
  const db = app.deps.database.db;
  const inserted = await db.execute(sql`insert into service_requests (applicant_id, kind, status, payload_enc, rule_set)
      select id, 'rekyc', 'sent_to_registries', 'x', '2026-09-01' from applicants
        where mobile_hash = ${app.deps.records.mobileHash(mobile)}
      returning id`);
  requestId = (inserted as unknown as { rows: { id: string }[] }).rows[0]!.id;
});
afterAll(() => app.close());

const answer = (registry: string, status: 'pending' | 'submitted' | 'accepted') => ({
  requestId,
  registry,
  status,
  requestNo: 'SR-1',
  reference: status === 'pending' ? null : 'KRA-REF',
  reason: null,
  evidenceEnc: null,
});
const statusOf = async (registry: string) =>
  (await repo.modifications(app.deps.database.db, requestId)).find((m) => m.registry === registry)?.status;

it('keeps an accepted modification accepted when an older answer arrives after it', async () => {
  const db = app.deps.database.db;
  await repo.putModification(db, answer('kra', 'submitted'));
  await repo.putModification(db, answer('kra', 'accepted'));
  await repo.putModification(db, answer('kra', 'submitted'));
  expect(await statusOf('kra')).toBe('accepted');
});

it('keeps a submitted modification submitted when a pass that sent nothing writes pending', async () => {
  const db = app.deps.database.db;
  await repo.putModification(db, answer('bo_cdsl', 'submitted'));
  await repo.putModification(db, answer('bo_cdsl', 'pending'));
  expect(await statusOf('bo_cdsl')).toBe('submitted');
  await repo.putModification(db, answer('bo_cdsl', 'accepted'));
  expect(await statusOf('bo_cdsl')).toBe('accepted');
});
