/**
 * `npm run ifsc:import -- IFSC.csv`: loads branch details from the public IFSC CSV into the
 * database of this configuration (DATA_DIR or DATABASE_URL), applying migrations first.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { loadConfig } from '../config.ts';
import { openDatabase } from '../db/client.ts';
import { migrate } from '../db/migrate.ts';
import { importIfscBranches } from '../modules/bank/import-ifsc-branches.ts';
import { ifscRepository } from '../records/ifsc.repository.ts';

const file = process.argv.slice(2).find((a) => a !== '--');
if (!file) {
  process.stderr.write('Usage: npm run ifsc:import -- IFSC.csv\n');
  process.exit(2);
}
// npm runs the script in apps/api; a relative path is taken from where the command was typed.
const resolved = path.resolve(process.env.INIT_CWD ?? process.cwd(), file);
if (!existsSync(resolved)) {
  process.stderr.write(`No such file: ${resolved}\n`);
  process.exit(2);
}

const config = loadConfig();
const database = await openDatabase(config);
try {
  await migrate(database);
  const started = Date.now();
  const { imported, skipped } = await importIfscBranches(database, resolved);
  const total = await ifscRepository.count(database.db);
  process.stdout.write(
    `Imported ${imported} branches (${skipped} lines skipped) in ${((Date.now() - started) / 1000).toFixed(1)} s; the table now holds ${total}.\n`,
  );
} catch (err) {
  process.stderr.write(`Import failed: ${(err as Error).message}\n`);
  process.exitCode = 1;
} finally {
  await database.close();
}
