/** The operator's IFSC import reads the public CSV format (quotes, commas and line breaks in fields) and is safe to repeat. */
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { expect, it } from 'vitest';
import { CsvReader } from '../src/modules/bank/ifsc-csv.ts';
import { importIfscBranches } from '../src/modules/bank/import-ifsc-branches.ts';
import { ifscRepository } from '../src/records/ifsc.repository.ts';
import { compiledApiArgs, startBudgetMs } from './support/child-server.ts';
import { migratedPglite, seedDataDir } from './support/pglite-template.ts';

const FIXTURE = path.join(import.meta.dirname, 'fixtures/ifsc-sample.csv');

it('splits quoted fields across chunk boundaries', () => {
  const reader = new CsvReader();
  const text = 'A,B\n"x, ""y""","line\nbreak"\r\nlast,row';
  const records = [...text].flatMap((c) => reader.push(c));
  records.push(...reader.end());
  expect(records).toEqual([
    ['A', 'B'],
    ['x, "y"', 'line\nbreak'],
    ['last', 'row'],
  ]);
});

// a child process opens the embedded database (migrated already): its budget grows with the machine's load
it('`npm run ifsc:import -- FILE.csv` reports what it loaded', { timeout: startBudgetMs() }, async () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'ifsc-import-'));
  try {
    await seedDataDir(dataDir);
    const { stdout } = await promisify(execFile)(process.execPath, compiledApiArgs('cli/ifsc-import.js', [FIXTURE]), {
      cwd: path.join(import.meta.dirname, '..'),
      env: { ...process.env, DATA_DIR: dataDir, LOG_LEVEL: 'silent' },
    });
    expect(stdout).toMatch(/^Imported 3 branches \(1 lines skipped\) in [\d.]+ s; the table now holds 3\.\n$/);
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
});

it('stores every column and can run again with a newer file', async () => {
  const database = await migratedPglite();
  try {
    expect(await importIfscBranches(database, FIXTURE)).toEqual({ imported: 3, skipped: 1 });
    expect(await importIfscBranches(database, FIXTURE)).toEqual({ imported: 3, skipped: 1 });
    expect(await ifscRepository.count(database.db)).toBe(3);
    expect(await ifscRepository.find(database.db, 'SBIN0000001')).toMatchObject({
      bank: 'State Bank of India',
      branch: 'KOLKATA MAIN',
      contact: null,
      swift: 'SBININBBXXX',
      imps: true,
      micr: '700002021',
    });
  } finally {
    await database.close();
  }
});
