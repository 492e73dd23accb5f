/**
 * The file store port: bytes are encrypted before they leave the process, under random keys.
 * Local disk by default (DATA_DIR/files), memory in tests, an S3-compatible store in production.
 */
import { randomBytes } from 'node:crypto';
import { constants } from 'node:fs';
import { access, mkdir, readFile, rename, rm, statfs, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Cipher } from '../lib/crypto.ts';
import { AppError } from '../lib/errors.ts';

/** What /readyz reports of the store: up, full (below the free-space floor) or down. */
export interface StoreHealth {
  state: 'up' | 'full' | 'down';
  freeBytes?: number;
}

export interface BlobStore {
  put(key: string, bytes: Buffer): Promise<void>;
  get(key: string): Promise<Buffer | null>;
  delete(key: string): Promise<void>;
  /** A cheap health check for readiness (stores that cannot tell report up). */
  check?(): Promise<StoreHealth>;
}

const FULL_CODES = new Set(['ENOSPC', 'EDQUOT', 'InsufficientStorage', 'QuotaExceeded', 'EntityTooLarge']);

/** The store refused a write for want of space (disk full, quota, or an object store saying so). */
export function isStorageFull(err: unknown): boolean {
  const e = err as { code?: string; name?: string; Code?: string; $metadata?: { httpStatusCode?: number } } | null;
  if (!e) return false;
  return (
    FULL_CODES.has(e.code ?? '') ||
    FULL_CODES.has(e.name ?? '') ||
    FULL_CODES.has(e.Code ?? '') ||
    e.$metadata?.httpStatusCode === 507
  );
}

export class MemoryBlobStore implements BlobStore {
  private readonly blobs = new Map<string, Buffer>();
  async put(key: string, bytes: Buffer) {
    this.blobs.set(key, bytes);
  }
  async get(key: string) {
    return this.blobs.get(key) ?? null;
  }
  async delete(key: string) {
    this.blobs.delete(key);
  }
}

export class DiskBlobStore implements BlobStore {
  constructor(
    private readonly root: string,
    /** Below this many free bytes the store reports itself full. */
    private readonly minFreeBytes = 0,
  ) {}
  private pathOf(key: string) {
    if (!/^[a-f0-9]{32}$/.test(key)) throw new Error('invalid storage key');
    return path.join(this.root, key.slice(0, 2), key);
  }
  /**
   * Written beside the target and renamed into place: a failed write leaves no empty or partial file.
   * The folder is made only when the write finds it missing (once per folder, not on every write).
   */
  async put(key: string, bytes: Buffer) {
    const file = this.pathOf(key);
    const partial = `${file}.${randomBytes(4).toString('hex')}.partial`;
    try {
      await writeFile(partial, bytes, { mode: 0o600 }).catch(async (err: NodeJS.ErrnoException) => {
        if (err.code !== 'ENOENT') throw err;
        await mkdir(path.dirname(file), { recursive: true });
        await writeFile(partial, bytes, { mode: 0o600 });
      });
      await rename(partial, file);
    } catch (err) {
      await rm(partial, { force: true }).catch(() => undefined);
      throw err;
    }
  }
  async check(): Promise<StoreHealth> {
    try {
      await mkdir(this.root, { recursive: true });
      await access(this.root, constants.W_OK);
      const fs = await statfs(this.root);
      const freeBytes = Number(fs.bavail) * Number(fs.bsize);
      return { state: freeBytes < Math.max(this.minFreeBytes, 1) ? 'full' : 'up', freeBytes };
    } catch {
      return { state: 'down' };
    }
  }
  async get(key: string) {
    try {
      return await readFile(this.pathOf(key));
    } catch {
      return null;
    }
  }
  async delete(key: string) {
    await rm(this.pathOf(key), { force: true });
  }
}

/** Encrypts on the way in and decrypts on the way out, whatever the store underneath. */
export class EncryptedStore {
  constructor(
    private readonly store: BlobStore,
    private readonly cipher: Cipher,
    /** Told of every write refused for want of space (metrics). */
    private readonly onFull: () => void = () => undefined,
  ) {}
  /** A full store answers 503 with a message that says to try again later. */
  async put(key: string, bytes: Buffer) {
    try {
      await this.store.put(key, this.cipher.encryptBytes(bytes));
    } catch (err) {
      if (!isStorageFull(err)) throw err;
      this.onFull();
      throw new AppError('UNAVAILABLE', 'storageFull', { reason: 'storage_full' });
    }
  }
  check(): Promise<StoreHealth> {
    return this.store.check?.() ?? Promise.resolve({ state: 'up' });
  }
  async get(key: string): Promise<Buffer | null> {
    const sealed = await this.store.get(key);
    return sealed ? this.cipher.decryptBytes(sealed) : null;
  }
  async delete(key: string) {
    await this.store.delete(key);
  }
}
