/** Imports the public IFSC CSV into the branch table, in batches, safe to run again. */
import { createReadStream } from 'node:fs';
import type { Database } from '../../db/client.ts';
import { columnIndex, CsvReader, toBranchRow } from './ifsc-csv.ts';
import { type IfscBranchRow, ifscRepository } from '../../records/ifsc.repository.ts';

const BATCH = 500;

export async function importIfscBranches(
  database: Database,
  file: string,
): Promise<{ imported: number; skipped: number }> {
  const reader = new CsvReader();
  let index: ReturnType<typeof columnIndex> | null = null;
  let batch: IfscBranchRow[] = [];
  let imported = 0;
  let skipped = 0;

  const flush = async () => {
    // The real file repeats a few codes: the last line wins within a batch as it does across batches.
    const unique = [...new Map(batch.map((r) => [r.ifsc, r])).values()];
    await ifscRepository.upsert(database.db, unique);
    imported += unique.length;
    batch = [];
  };
  const take = async (records: string[][]) => {
    for (const record of records) {
      if (record.length === 1 && record[0] === '') continue;
      if (!index) {
        index = columnIndex(record);
        continue;
      }
      const row = toBranchRow(record, index);
      if (row) batch.push(row);
      else skipped += 1;
      if (batch.length >= BATCH) await flush();
    }
  };

  const stream = createReadStream(file, { encoding: 'utf8' });
  for await (const chunk of stream) await take(reader.push(chunk as string));
  await take(reader.end());
  await flush();
  if (!index) throw new Error('the CSV file is empty');
  return { imported, skipped };
}
