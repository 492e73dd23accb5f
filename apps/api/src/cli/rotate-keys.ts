/** `npm run rotate-keys`: re-encrypt everything with the current ENCRYPTION_KEY (see docs/operations.md). */
import { createDeps } from '../app-deps.ts';
import { loadConfig } from '../config.ts';
import { rotateKeys } from '../records/rotate-keys.ts';

const deps = await createDeps(loadConfig());
try {
  const done = await rotateKeys(deps.database, deps.cipher, deps.blobs);
  console.log(`Re-encrypted ${done.values} values and ${done.files} files with the current key.`);
} finally {
  await deps.hub.close();
  await deps.database.close();
}
