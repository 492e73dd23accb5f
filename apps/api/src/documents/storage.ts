/**
 * The file store port: bytes are encrypted before they leave the process, under random keys.
 * Local disk by default (DATA_DIR/files), memory in tests, an S3-compatible store in production.
 */
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Cipher } from '../lib/crypto.ts';

export interface BlobStore {
  put(key: string, bytes: Buffer): Promise<void>;
  get(key: string): Promise<Buffer | null>;
  delete(key: string): Promise<void>;
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
  constructor(private readonly root: string) {}
  private pathOf(key: string) {
    if (!/^[a-f0-9]{32}$/.test(key)) throw new Error('invalid storage key');
    return path.join(this.root, key.slice(0, 2), key);
  }
  async put(key: string, bytes: Buffer) {
    const file = this.pathOf(key);
    await mkdir(path.dirname(file), { recursive: true });
    await writeFile(file, bytes, { mode: 0o600 });
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
  ) {}
  async put(key: string, bytes: Buffer) {
    await this.store.put(key, this.cipher.encryptBytes(bytes));
  }
  async get(key: string): Promise<Buffer | null> {
    const sealed = await this.store.get(key);
    return sealed ? this.cipher.decryptBytes(sealed) : null;
  }
  async delete(key: string) {
    await this.store.delete(key);
  }
}
