import { randomBytes } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { S3BlobStore } from '../src/documents/s3-store.ts';
import { Cipher } from '../src/lib/crypto.ts';
import { maintenanceRepository } from '../src/records/maintenance.repository.ts';
import { rotateKeys } from '../src/records/rotate-keys.ts';
import { signUp, testApp } from './support/test-app.ts';

describe('encryption key rotation', () => {
  const oldKey = randomBytes(32);
  const newKey = randomBytes(32);
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await testApp({ ENCRYPTION_KEY: oldKey.toString('base64'), SECRET_KEY: randomBytes(32).toString('base64') });
  });
  afterAll(() => app.close());

  it('re-encrypts values and files so that only the new key is needed', async () => {
    const { records, database, blobs } = app.deps;
    await signUp(app);
    const { applicant } = await records.create({ mobile: '9123400001', whatsappOpt: false, utm: {}, source: 'web' });
    await records.seed(applicant.id, { pan_obj: { pan_number: 'ABCPK1234D' } });
    const ref = await records.saveFile(applicant.id, {
      kind: 'test',
      contentType: 'image/png',
      bytes: Buffer.from('file-bytes'),
    });

    const done = await rotateKeys(database, new Cipher(newKey, [oldKey]), blobs);
    expect(done.values).toBeGreaterThanOrEqual(3);
    expect(done.files).toBeGreaterThanOrEqual(1);

    const onlyNew = new Cipher(newKey);
    const rows = await maintenanceRepository.applicantsAfter(database.db, '00000000-0000-0000-0000-000000000000', 1000);
    const mine = rows.find((r) => r.id === applicant.id)!;
    expect(onlyNew.decrypt(mine.mobileEnc)).toBe('9123400001');
    const sections = await maintenanceRepository.sectionsOf(database.db, applicant.id);
    const pan = sections.find((s) => s.name === 'pan_obj')!;
    expect(onlyNew.decryptJson(pan.payloadEnc)).toEqual({ pan_number: 'ABCPK1234D' });
    const files = await maintenanceRepository.filesAfter(database.db, '00000000-0000-0000-0000-000000000000', 1000);
    const key = files.find((f) => f.id === ref.$file)!.storageKey;
    expect(onlyNew.decryptBytes((await blobs.get(key))!).toString()).toBe('file-bytes');
    expect(() => new Cipher(oldKey).decrypt(mine.mobileEnc)).toThrow();
  });
});

describe('S3-compatible object store', () => {
  const objects = new Map<string, Buffer>();
  let server: Server;
  let endpoint = '';
  beforeAll(async () => {
    server = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        const key = decodeURIComponent(req.url!.split('?')[0]!);
        if (req.method === 'PUT') {
          objects.set(key, Buffer.concat(chunks));
          res.writeHead(200, { etag: '"x"' }).end();
        } else if (req.method === 'GET' && objects.has(key)) {
          res.writeHead(200, { 'content-type': 'application/octet-stream' }).end(objects.get(key));
        } else if (req.method === 'DELETE') {
          objects.delete(key);
          res.writeHead(204).end();
        } else {
          res
            .writeHead(404, { 'content-type': 'application/xml' })
            .end('<?xml version="1.0"?><Error><Code>NoSuchKey</Code><Message>missing</Message></Error>');
        }
      });
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    endpoint = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
  });
  afterAll(() => new Promise<void>((r) => server.close(() => r())));

  it('puts, gets and deletes objects under the bucket', async () => {
    const store = new S3BlobStore({
      endpoint,
      bucket: 'kyc-docs',
      region: 'ap-south-1',
      accessKeyId: 'k',
      secretAccessKey: 's',
    });
    const key = randomBytes(16).toString('hex');
    await store.put(key, Buffer.from('sealed'));
    expect(objects.get(`/kyc-docs/${key}`)?.toString()).toBe('sealed');
    expect((await store.get(key))?.toString()).toBe('sealed');
    await store.delete(key);
    expect(await store.get(key)).toBeNull();
  });
});
