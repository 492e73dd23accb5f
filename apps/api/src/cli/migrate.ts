/** `npm run migrate`: apply pending migrations, for deploys that migrate before starting processes. */
import { loadConfig } from '../config.ts';
import { openDatabase } from '../db/client.ts';
import { migrate } from '../db/migrate.ts';

const config = loadConfig();
const database = await openDatabase(config);
try {
  const applied = await migrate(database);
  console.log(applied.length ? `Applied: ${applied.join(', ')}` : 'Database is up to date.');
} finally {
  await database.close();
}
