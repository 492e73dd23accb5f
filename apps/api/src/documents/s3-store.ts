/**
 * The S3-compatible object store adapter (AWS S3, MinIO, Ceph, ...), for several processes on several
 * hosts. The AWS SDK loads on the first call, not at start-up: a process on local storage (the
 * embedded default) never holds it (some 20 MB resident).
 */
import type { S3Client } from '@aws-sdk/client-s3';
import type { BlobStore } from './storage.ts';

type Sdk = typeof import('@aws-sdk/client-s3');

export class S3BlobStore implements BlobStore {
  #sdk: Promise<{ sdk: Sdk; client: S3Client }> | undefined;
  constructor(
    private readonly options: {
      endpoint: string;
      bucket: string;
      region: string;
      accessKeyId: string;
      secretAccessKey: string;
    },
  ) {}
  private sdk() {
    this.#sdk ??= import('@aws-sdk/client-s3').then((sdk) => ({
      sdk,
      client: new sdk.S3Client({
        endpoint: this.options.endpoint,
        region: this.options.region,
        forcePathStyle: true,
        credentials: { accessKeyId: this.options.accessKeyId, secretAccessKey: this.options.secretAccessKey },
      }),
    }));
    return this.#sdk;
  }
  async put(key: string, bytes: Buffer) {
    const { sdk, client } = await this.sdk();
    await client.send(new sdk.PutObjectCommand({ Bucket: this.options.bucket, Key: key, Body: bytes }));
  }
  async get(key: string) {
    const { sdk, client } = await this.sdk();
    try {
      const r = await client.send(new sdk.GetObjectCommand({ Bucket: this.options.bucket, Key: key }));
      return r.Body ? Buffer.from(await r.Body.transformToByteArray()) : null;
    } catch (err) {
      if (err instanceof sdk.NoSuchKey) return null;
      throw err;
    }
  }
  async delete(key: string) {
    const { sdk, client } = await this.sdk();
    await client.send(new sdk.DeleteObjectCommand({ Bucket: this.options.bucket, Key: key }));
  }
}
