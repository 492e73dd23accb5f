/**
 * One migrated PGlite data directory, built once and kept on disk (keyed by the migrations'
 * contents), loaded by each test app instead of creating a database and running every migration.
 */
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdirSync, readdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { type Database, embeddedDirectory, pgliteDatabase, pgliteStartParams } from '../../src/db/client.ts';
import { migrate } from '../../src/db/migrate.ts';

const MIGRATIONS_DIR = path.resolve(import.meta.dirname, '../../src/db/migrations');

const wrap = (client: PGlite): Database => pgliteDatabase(client);

function templatePath(): string {
  const hash = createHash('sha256');
  for (const f of readdirSync(MIGRATIONS_DIR).sort()) {
    hash.update(f);
    hash.update(readFileSync(path.join(MIGRATIONS_DIR, f)));
  }
  // a data directory is read only by the PGlite version that wrote it
  hash.update(readFileSync(new URL('../package.json', import.meta.resolve('@electric-sql/pglite'))));
  return path.join(tmpdir(), `ekyc-test-pglite-${hash.digest('hex').slice(0, 16)}.tar`);
}

let template: Promise<Uint8Array> | undefined;
function migratedTemplate(): Promise<Uint8Array> {
  template ??= (async () => {
    const file = templatePath();
    try {
      return readFileSync(file);
    } catch {
      // not built yet (or being built by another worker): build it here
    }
    const client = await PGlite.create({ startParams: pgliteStartParams });
    await migrate(wrap(client));
    const bytes = new Uint8Array(await (await client.dumpDataDir('none')).arrayBuffer());
    await client.close();
    // written whole, then renamed, so a reader never sees half a file
    const partial = `${file}.${process.pid}`;
    writeFileSync(partial, bytes);
    renameSync(partial, file);
    return bytes;
  })();
  return template;
}

/**
 * The template as the Blob PGlite loads, of which it reads arrayBuffer() alone: one copy of the
 * bytes here, where Node's own Blob reads 42 MB in small chunks and joins them (0.45 s a database).
 */
class TemplateBlob extends Blob {
  constructor(private readonly template: Uint8Array) {
    super([]);
  }
  override arrayBuffer(): Promise<ArrayBuffer> {
    return Promise.resolve(this.template.slice().buffer as ArrayBuffer);
  }
}

/** A fresh in-memory database with every migration applied, from the template. */
export async function migratedPglite(): Promise<Database> {
  // with the embedded default's memory settings: PostgreSQL's 128 MB of shared buffers took 0.4 s more to start
  const loadDataDir = new TemplateBlob(await migratedTemplate());
  return wrap(await PGlite.create({ loadDataDir, startParams: pgliteStartParams }));
}

/**
 * A DATA_DIR whose embedded database is the migrated template: a process started on it opens the
 * database at once instead of creating and migrating it (about 6 s less for each child server).
 */
export async function seedDataDir(dataDir: string): Promise<void> {
  await migratedTemplate();
  const target = embeddedDirectory(dataDir);
  mkdirSync(target, { recursive: true });
  // GNU tar: the members' leading '/' is removed (the notice on stderr is kept out of the output)
  execFileSync('tar', ['-xf', templatePath(), '-C', target], { stdio: ['ignore', 'ignore', 'pipe'] });
}
