/**
 * Re-encrypts every sealed value and stored file with the current ENCRYPTION_KEY. Run after adding
 * the new key as ENCRYPTION_KEY and the old one to ENCRYPTION_KEYS_OLD; afterwards the old key can go.
 */
import type { Database } from '../db/client.ts';
import type { BlobStore } from '../documents/storage.ts';
import type { Cipher } from '../lib/crypto.ts';
import { maintenanceRepository as repo } from './maintenance.repository.ts';

const ZERO_UUID = '00000000-0000-0000-0000-000000000000';

export async function rotateKeys(
  database: Database,
  cipher: Cipher,
  blobs: BlobStore,
): Promise<{ values: number; files: number }> {
  const db = database.db;
  const reseal = (v: string) => cipher.encrypt(cipher.decrypt(v));
  let values = 0;
  let fileCount = 0;
  for (let after = ZERO_UUID; ;) {
    const batch = await repo.applicantsAfter(db, after, 200);
    if (!batch.length) break;
    for (const a of batch) {
      await db.transaction(async (tx) => {
        if (cipher.isStale(a.mobileEnc) || (a.emailEnc && cipher.isStale(a.emailEnc))) {
          await repo.setApplicantSealed(tx, a.id, reseal(a.mobileEnc), a.emailEnc ? reseal(a.emailEnc) : null);
          values += 1;
        }
        for (const s of await repo.sectionsOf(tx, a.id)) {
          if (!cipher.isStale(s.payloadEnc)) continue;
          await repo.setSectionSealed(tx, a.id, s.name, reseal(s.payloadEnc));
          values += 1;
        }
      });
    }
    after = batch.at(-1)!.id;
  }
  for (let after = ZERO_UUID; ;) {
    const batch = await repo.filesAfter(db, after, 200);
    if (!batch.length) break;
    for (const f of batch) {
      const sealed = await blobs.get(f.storageKey);
      if (!sealed || !cipher.isStale(sealed.toString('base64'))) continue;
      await blobs.put(f.storageKey, cipher.encryptBytes(cipher.decryptBytes(sealed)));
      fileCount += 1;
    }
    after = batch.at(-1)!.id;
  }
  return { values, files: fileCount };
}
