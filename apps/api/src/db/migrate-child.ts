/** Child process of openMigratedEmbedded: creates or migrates the embedded database under the DATA_DIR given, then exits. */
import { openEmbedded } from './client.ts';
import { migrate } from './migrate.ts';

const database = await openEmbedded(process.argv[2]!);
try {
  await migrate(database);
} finally {
  await database.close();
}
