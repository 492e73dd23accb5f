/**
 * The applicant's stored files: encrypted before they reach the store, never orphaned (bytes
 * without a row or a row without bytes), and served only through short-lived signed links.
 */
import { createHash, randomUUID } from 'node:crypto';
import type { FileRef } from '@ekyc/contracts/sections';
import type { Config } from '../config.ts';
import type { Database } from '../db/client.ts';
import type { EncryptedStore } from '../documents/storage.ts';
import { type Hasher, randomId } from '../lib/crypto.ts';
import { fileWritesRepository as fileWrites } from './file-writes.repository.ts';
import { filesRepository as repo, type NewFileRow } from './files.repository.ts';
import { isUuid } from '../lib/uuid.ts';

/** A file whose bytes are in the store and whose row the step's write adds (CompleteStageOptions.files). */
export interface StoredFile {
  ref: FileRef;
  row: NewFileRow;
}

interface FileInput {
  kind: string;
  contentType: string;
  bytes: Buffer;
}

const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

export class ApplicantFiles {
  constructor(
    private readonly database: Database,
    private readonly hasher: Hasher,
    private readonly files: EncryptedStore,
    private readonly config: Pick<Config, 'session'>,
  ) {}

  private get db() {
    return this.database.db;
  }

  /**
   * Stores a file so that neither its bytes nor its row outlives the other: the write is recorded
   * first, the bytes go to the store, then the row is added and the record removed in one
   * transaction. A failure on the way removes what was written; a process that dies half-way leaves
   * the record, and sweepUnfinished deletes the bytes later.
   */
  async save(applicantId: string, file: FileInput): Promise<FileRef> {
    const storageKey = randomId(16);
    await fileWrites.begin(this.db, [storageKey], new Date());
    try {
      await this.files.put(storageKey, file.bytes);
    } catch (err) {
      await fileWrites.finish(this.db, storageKey).catch(() => undefined);
      throw err;
    }
    try {
      // the row added and the write record removed together (one statement)
      const id = await repo.insertFinishingWrite(this.db, {
        applicantId,
        kind: file.kind,
        contentType: file.contentType,
        size: file.bytes.length,
        storageKey,
        sha256: sha256(file.bytes),
      });
      return { $file: id };
    } catch (err) {
      // the record stays when this cleanup fails too: the sweep finishes it
      await this.files
        .delete(storageKey)
        .then(() => fileWrites.finish(this.db, storageKey))
        .catch(() => undefined);
      throw err;
    }
  }

  /**
   * Stores files for a step whose write adds their rows (ApplicantRecords.completeStage or save
   * with `files`): their writes recorded in one statement, the bytes sent to the store. Until that
   * write the files are unfinished writes: a step that never writes leaves them to the sweep, which
   * deletes their bytes. A failure on the way removes what was written.
   */
  async store(files: FileInput[]): Promise<StoredFile[]> {
    const stored = files.map((file) => ({
      file,
      row: {
        id: randomUUID(),
        kind: file.kind,
        contentType: file.contentType,
        size: file.bytes.length,
        storageKey: randomId(16),
        sha256: sha256(file.bytes),
      },
    }));
    if (!stored.length) return [];
    await fileWrites.begin(
      this.db,
      stored.map((s) => s.row.storageKey),
      new Date(),
    );
    const puts = await Promise.allSettled(stored.map((s) => this.files.put(s.row.storageKey, s.file.bytes)));
    const failed = puts.find((p): p is PromiseRejectedResult => p.status === 'rejected');
    if (failed) {
      // the records stay when this cleanup fails too: the sweep finishes them
      await Promise.all(
        stored.map((s) =>
          this.files
            .delete(s.row.storageKey)
            .then(() => fileWrites.finish(this.db, s.row.storageKey))
            .catch(() => undefined),
        ),
      );
      throw failed.reason;
    }
    return stored.map((s) => ({ ref: { $file: s.row.id }, row: s.row }));
  }

  /** Deletes the bytes of file writes started before the given time and never finished; returns how many. */
  async sweepUnfinished(before: Date): Promise<number> {
    let swept = 0;
    for (;;) {
      const keys = await fileWrites.unfinishedBefore(this.db, before, 100);
      for (const key of keys) {
        await this.files.delete(key);
        await fileWrites.finish(this.db, key);
      }
      swept += keys.length;
      if (keys.length < 100) return swept;
    }
  }

  async read(
    fileId: string,
  ): Promise<{ bytes: Buffer; contentType: string; applicantId: string | null; kind: string } | null> {
    if (!isUuid(fileId)) return null;
    const row = await repo.file(this.db, fileId);
    if (!row) return null;
    const bytes = await this.files.get(row.storageKey);
    return bytes ? { bytes, contentType: row.contentType, applicantId: row.applicantId, kind: row.kind } : null;
  }

  /** Several files' bytes, their rows read in one statement; null for one missing. */
  async readAll(fileIds: string[]): Promise<(Buffer | null)[]> {
    const ids = fileIds.filter(isUuid);
    const rows = ids.length ? await repo.filesById(this.db, ids) : [];
    return Promise.all(
      fileIds.map(async (id) => {
        const row = rows.find((r) => r.id === id);
        return row ? this.files.get(row.storageKey) : null;
      }),
    );
  }

  /**
   * A signed, short-lived URL under the API for a stored file, bound to the session that asked for
   * it: the route also checks that this session is still live, so a link dies at logout.
   */
  url(ref: FileRef, sessionId: string, ttlSeconds = this.config.session.fileLinkSeconds): string {
    const exp = Math.floor(Date.now() / 1000) + ttlSeconds;
    const sig = this.hasher.sign(`${ref.$file}.${exp}.${sessionId}`);
    return `/api/v1/ekyc/files/${ref.$file}?exp=${exp}&sid=${sessionId}&sig=${sig}`;
  }

  /** Whether a link's signature and expiry hold; the caller checks its session is still live. */
  verifyUrl(fileId: string, exp: number, sessionId: string, sig: string): boolean {
    if (!Number.isFinite(exp) || exp < Date.now() / 1000) return false;
    return this.hasher.verify(`${fileId}.${exp}.${sessionId}`, sig);
  }
}
