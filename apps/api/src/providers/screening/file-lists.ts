/** The lists read from files or https addresses (the sandbox serves its own through the app). */
import type { ScreeningList } from '@ekyc/contracts/screening';
import { createHash } from 'node:crypto';
import { ProviderError } from '../http.ts';
import { type ListSource, readListSource } from '../list-source.ts';
import { parseListCsv, parseUnConsolidated } from './list-formats.ts';
import type { ListFile, ScreeningLists } from './port.ts';

export class FileScreeningLists implements ScreeningLists {
  readonly lists: readonly ScreeningList[];

  constructor(private readonly sources: Partial<Record<ScreeningList, ListSource>>) {
    this.lists = (Object.keys(sources) as ScreeningList[]).filter((l) => sources[l]);
  }

  async read(list: ScreeningList): Promise<ListFile> {
    const source = this.sources[list];
    if (!source) throw new ProviderError(`No source is configured for the ${list} list`);
    const text = await readListSource(source, `The ${list} list`, 'text/csv, application/xml');
    const digest = createHash('sha256').update(text).digest('hex');
    const entries = list === 'un_consolidated' ? parseUnConsolidated(text) : parseListCsv(text);
    return { list, digest, entries };
  }
}
