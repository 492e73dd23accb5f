/** The lists read from files or https addresses (the sandbox serves its own through the app). */
import type { ScreeningList } from '@ekyc/contracts/screening';
import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { ProviderError, type FetchLike } from '../http.ts';
import { parseListCsv, parseUnConsolidated } from './list-formats.ts';
import type { ListFile, ScreeningLists } from './port.ts';

export type ListSource = { kind: 'file'; path: string } | { kind: 'url'; url: string; fetch: FetchLike };

export class FileScreeningLists implements ScreeningLists {
  readonly lists: readonly ScreeningList[];

  constructor(private readonly sources: Partial<Record<ScreeningList, ListSource>>) {
    this.lists = (Object.keys(sources) as ScreeningList[]).filter((l) => sources[l]);
  }

  private async text(list: ScreeningList): Promise<string> {
    const source = this.sources[list];
    if (!source) throw new ProviderError(`No source is configured for the ${list} list`);
    if (source.kind === 'file') return readFile(source.path, 'utf8');
    const res = await source.fetch(source.url, { method: 'GET', headers: { accept: 'text/csv, application/xml' } });
    if (!res.ok) throw new ProviderError(`The ${list} list's source answered ${res.status}`);
    return res.text();
  }

  async read(list: ScreeningList): Promise<ListFile> {
    const text = await this.text(list).catch((err: unknown) => {
      throw err instanceof ProviderError
        ? err
        : new ProviderError(`The ${list} list could not be read: ${(err as Error).message}`);
    });
    const digest = createHash('sha256').update(text).digest('hex');
    const entries = list === 'un_consolidated' ? parseUnConsolidated(text) : parseListCsv(text);
    return { list, digest, entries };
  }
}
