/**
 * A full file store: uploads answer 503 in the envelope with a message that says to try again, and
 * leave neither bytes nor rows behind; bytes whose row never came are swept; /readyz reports the
 * store and Redis besides the database. The fault is injected through the file-store port.
 */
import { randomUUID } from 'node:crypto';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { MSG } from '@ekyc/contracts/messages';
import { count, eq, inArray } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { files } from '../src/db/schema/core.ts';
import { fileWrites } from '../src/db/schema/file-writes.ts';
import { type BlobStore, DiskBlobStore, MemoryBlobStore, type StoreHealth } from '../src/documents/storage.ts';
import { RedisHub } from '../src/realtime/hub.ts';
import { call, logLines, testApp, uniqueMobile } from './support/test-app.ts';

/** An in-memory store that can be made full, failing as node's fs does on a full disk. */
class FillableStore extends MemoryBlobStore implements BlobStore {
  full = false;
  keys = new Set<string>();
  /** every key a write was attempted for, stored or not */
  tried = new Set<string>();
  override async put(key: string, bytes: Buffer) {
    this.tried.add(key);
    if (this.full)
      throw Object.assign(new Error('ENOSPC: no space left on device, write'), { code: 'ENOSPC', errno: -28 });
    this.keys.add(key);
    await super.put(key, bytes);
  }
  override async delete(key: string) {
    this.keys.delete(key);
    await super.delete(key);
  }
  async check(): Promise<StoreHealth> {
    return { state: this.full ? 'full' : 'up', freeBytes: this.full ? 0 : 1 << 30 };
  }
}

const store = new FillableStore();
const clock = Date.now();
let app: FastifyInstance;
const { lines, logStream } = logLines();

beforeAll(async () => {
  app = await testApp({ LOG_LEVEL: 'info' }, { blobs: store, now: () => clock, logStream });
});
afterAll(() => app.close());

async function applicantAtSignature() {
  const { records, sessions } = app.deps;
  const { applicant } = await records.create({ mobile: uniqueMobile(), whatsappOpt: false, utm: {}, source: 'web' });
  for (const stage of [120, 130, 140, 150, 160] as const) await records.completeStage(applicant.id, stage);
  return { id: applicant.id, token: (await sessions.create('applicant', applicant.id)).token };
}

async function signature() {
  const png = await sharp({ create: { width: 400, height: 120, channels: 4, background: '#00000000' } })
    .composite([
      {
        input: Buffer.from(
          '<svg width="400" height="120"><path d="M10 100 L390 20" stroke="#000" stroke-width="4"/></svg>',
        ),
      },
    ])
    .png()
    .toBuffer();
  return {
    signature_image: `data:image/png;base64,${png.toString('base64')}`,
    document_type: 'png',
    upload_type: 'digital',
  };
}

const rowsOf = async (applicantId: string) =>
  (await app.deps.database.db.select({ n: count() }).from(files).where(eq(files.applicantId, applicantId)))[0]!.n;
// this file's writes only: other files share the server-mode database
const pendingWrites = async () =>
  (
    await app.deps.database.db
      .select({ n: count() })
      .from(fileWrites)
      .where(inArray(fileWrites.storageKey, [...store.tried, '-']))
  )[0]!.n;

describe('a full file store', () => {
  it('answers an upload with 503 and a message to try again later, leaving no bytes and no row', async () => {
    const who = await applicantAtSignature();
    store.full = true;
    const held = store.keys.size;
    let res;
    try {
      res = await call(app, 'POST', 'upload-signature', { token: who.token, body: await signature() });
    } finally {
      store.full = false;
    }
    expect(res.statusCode).toBe(503);
    expect(res.body).toEqual({
      status: false,
      message: MSG.storageFull,
      code: 'storageFull',
      data: { reason: 'storage_full' },
    });
    expect(store.keys.size).toBe(held);
    expect(await rowsOf(who.id)).toBe(0);
    expect(await pendingWrites()).toBe(0);
    expect(lines.some((l) => /"reason":"storage_full".*service unavailable/.test(l))).toBe(true);
    expect(await app.deps.metrics.registry.getSingleMetricAsString('ekyc_storage_full_total')).toMatch(
      /ekyc_storage_full_total 1/,
    );
    // space again: the same upload goes through
    const again = await call(app, 'POST', 'upload-signature', { token: who.token, body: await signature() });
    expect(again.body.status).toBe(true);
    expect(await rowsOf(who.id)).toBe(1);
  });

  it('/readyz says the store is full (503), and reports database, storage and Redis', async () => {
    const up = await app.inject({ url: '/readyz' });
    expect(up.statusCode).toBe(200);
    expect(up.json()).toMatchObject({
      status: true,
      data: { database: 'up', storage: 'up', redis: process.env.TEST_REDIS_URL ? 'up' : 'not used' },
    });
    store.full = true;
    try {
      const full = await app.inject({ url: '/readyz' });
      expect(full.statusCode).toBe(503);
      expect(full.json()).toMatchObject({ status: false, message: 'file storage full', data: { storage: 'full' } });
    } finally {
      store.full = false;
    }
  });
});

describe('bytes and rows never outlive each other', () => {
  it('deletes the bytes when the row cannot be written', async () => {
    const held = store.keys.size;
    await expect(
      app.deps.records.saveFile(randomUUID(), { kind: 'signature', contentType: 'image/png', bytes: Buffer.from('x') }),
    ).rejects.toThrow();
    expect(store.keys.size).toBe(held);
    expect(await pendingWrites()).toBe(0);
  });

  it('sweeps the bytes of a write whose process died before its row, and keeps finished files', async () => {
    const who = await applicantAtSignature();
    const kept = await app.deps.records.saveFile(who.id, {
      kind: 'signature',
      contentType: 'image/png',
      bytes: Buffer.from('kept'),
    });
    // a process that died after writing the bytes: the write record stays, no row. It started at
    // a time no other test's write has (on the server-mode database, other files write meanwhile),
    // and the sweeps reach no later than an hour after it, so they touch no other write.
    const storageKey = 'ab'.repeat(16);
    const startedAt = Date.parse('2000-01-01T00:00:00Z');
    await app.deps.database.db.insert(fileWrites).values({ storageKey, startedAt: new Date(startedAt) });
    await app.deps.files.put(storageKey, Buffer.from('orphan'));
    expect(await app.deps.records.sweepUnfinishedFiles(new Date(startedAt))).toBe(0);
    expect(await app.deps.records.sweepUnfinishedFiles(new Date(startedAt + 3600_000))).toBe(1);
    expect(store.keys.has(storageKey)).toBe(false);
    expect(await pendingWrites()).toBe(0);
    expect((await app.deps.records.readFile(kept.$file))?.bytes.toString()).toBe('kept');
  });
});

it('/readyz reports Redis down without taking the process out of rotation', async () => {
  const hub = new RedisHub('redis://127.0.0.1:1');
  const own = app.deps.hub;
  app.deps.hub = hub;
  try {
    const res = await app.inject({ url: '/readyz' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ message: 'ready (Redis unavailable)', data: { redis: 'down' } });
  } finally {
    app.deps.hub = own;
    await hub.close();
  }
});

describe('the local disk store', () => {
  it('writes through a partial file renamed into place, and reports free space against its floor', async () => {
    const root = await mkdtemp(path.join(tmpdir(), 'ekyc-store-'));
    try {
      const disk = new DiskBlobStore(root, 0);
      const key = 'cd'.repeat(16);
      await disk.put(key, Buffer.from('bytes'));
      expect((await disk.get(key))?.toString()).toBe('bytes');
      expect(await readdir(path.join(root, 'cd'))).toEqual([key]);
      expect((await disk.check()).state).toBe('up');
      expect((await new DiskBlobStore(root, Number.MAX_SAFE_INTEGER).check()).state).toBe('full');
    } finally {
      await rm(root, { recursive: true, force: true });
    }
  });

  it('makes a folder when a write finds it missing, also one removed after earlier writes', async () => {
    const root = await mkdtemp(path.join(tmpdir(), 'ekyc-store-'));
    try {
      const disk = new DiskBlobStore(path.join(root, 'files'), 0);
      const first = 'ab'.repeat(16);
      await disk.put(first, Buffer.from('one'));
      await rm(path.join(root, 'files', 'ab'), { recursive: true });
      const second = `ab${'01'.repeat(15)}`;
      await disk.put(second, Buffer.from('two'));
      expect((await disk.get(second))?.toString()).toBe('two');
      expect(await disk.get(first)).toBeNull();
      expect(await readdir(path.join(root, 'files', 'ab'))).toEqual([second]);
    } finally {
      await rm(root, { recursive: true, force: true });
    }
  });
});
