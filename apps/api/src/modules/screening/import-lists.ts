/**
 * The screening lists' import: each list the deployment reads is imported again when its last
 * import is older than SCREENING_IMPORT_HOURS (the hourly sweep asks, plugins/sweeps.ts), or at once
 * when an administrator asks. A file whose digest did not change is not imported again. Names are
 * stored as the name matcher's words, the PAN (where the list gives it) as its keyed hash; the
 * list is replaced in one transaction under a lock, so processes importing side by side never
 * leave half a list or two copies.
 */
import type { ScreeningList } from '@ekyc/contracts/screening';
import { nameTokens } from '../../lib/name-match.ts';
import type { ListFile } from '../../providers/screening/port.ts';
import { listName } from '../../records/screening.ts';
import { type EntryRow, screeningRepository as repo } from '../../records/screening.repository.ts';
import { panHashOf } from '../../records/signed.ts';
import type { ScreeningModuleDeps } from './deps.ts';

type Deps = Pick<ScreeningModuleDeps, 'config' | 'database' | 'hasher' | 'screeningLists' | 'now'>;

export interface ImportResult {
  list: ScreeningList;
  entries: number;
  changed: boolean;
}

function rowsOf(deps: Pick<Deps, 'hasher'>, file: ListFile): EntryRow[] {
  return file.entries.flatMap((e) =>
    [...new Set(e.names.map(listName))].flatMap((name) => {
      const tokens = nameTokens(name);
      return tokens.length
        ? [
            {
              list: file.list,
              ref: e.ref,
              name,
              nameTokens: tokens,
              dob: e.dob,
              panHash: e.pan ? panHashOf(deps, e.pan) : null,
              details: e.details,
            },
          ]
        : [];
    }),
  );
}

/** Reads one list and stores it unless its file is unchanged. */
export async function importList(deps: Deps, list: ScreeningList): Promise<ImportResult> {
  const file = await deps.screeningLists.read(list);
  const at = new Date(deps.now());
  return deps.database.db.transaction(async (tx) => {
    await repo.lockList(tx, list);
    const last = await repo.lastImport(tx, list);
    if (last?.digest === file.digest) {
      await repo.touchImport(tx, list, at);
      return { list, entries: await repo.countEntries(tx, list), changed: false };
    }
    const rows = rowsOf(deps, file);
    await repo.replaceList(tx, list, file.digest, at, rows);
    return { list, entries: rows.length, changed: true };
  });
}

/** Imports every list (an administrator's "import now"). */
export async function importAllLists(deps: Deps): Promise<ImportResult[]> {
  const out: ImportResult[] = [];
  for (const list of deps.screeningLists.lists) out.push(await importList(deps, list));
  return out;
}

/** The sweep's part: the lists whose import is older than SCREENING_IMPORT_HOURS. Returns how many changed. */
export class ScreeningImport {
  constructor(private readonly deps: Deps) {}

  async sweep(): Promise<number> {
    const due = new Date(this.deps.now() - this.deps.config.screeningImportHours * 3600_000);
    let changed = 0;
    let failed: unknown = null;
    for (const list of this.deps.screeningLists.lists) {
      const last = await repo.lastImport(this.deps.database.db, list);
      if (last && last.importedAt > due) continue;
      // a list that cannot be read keeps its last import in use, and does not hold up the others
      const result = await importList(this.deps, list).catch((err: unknown) => ((failed ??= err), null));
      if (result?.changed) changed++;
    }
    if (failed) throw failed;
    return changed;
  }
}
