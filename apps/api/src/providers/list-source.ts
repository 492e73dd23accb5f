/**
 * Reference lists the broker imports as files (DoT's revocation list, the screening lists, hosting
 * and VPN address ranges): read from a local file or an https address (the sandbox serves its own
 * through the app), and, for the lists consulted on every call, kept and read again after an
 * interval, so a new download is taken up without a restart.
 */
import { readFile } from 'node:fs/promises';
import { ProviderError, type FetchLike } from './http.ts';

/** Where a list is read: a local file, or an https (or sandbox) address. */
export type ListSource = { kind: 'file'; path: string } | { kind: 'url'; url: string; fetch: FetchLike };

/** A setting's value as a source: an https address, otherwise a path. */
export const listSource = (value: string): ListSource =>
  /^https:\/\//.test(value) ? { kind: 'url', url: value, fetch: fetch } : { kind: 'file', path: value };

/** The list's text; any failure is a ProviderError naming the list (`what`). */
export async function readListSource(source: ListSource, what: string, accept: string): Promise<string> {
  try {
    if (source.kind === 'file') return await readFile(source.path, 'utf8');
    const res = await source.fetch(source.url, { method: 'GET', headers: { accept } });
    if (!res.ok) throw new ProviderError(`${what}'s source answered ${res.status}`);
    return await res.text();
  } catch (err) {
    throw err instanceof ProviderError
      ? err
      : new ProviderError(`${what} could not be read: ${(err as Error).message}`);
  }
}

/**
 * A list read once and again after `reloadMs`. A list read before stays in use while a new one
 * cannot be read; none at all is an outage (ProviderError).
 */
export class ReloadingList<T> {
  private value: T | null = null;
  private loadedAt = 0;
  private loading: Promise<T> | null = null;

  constructor(
    private readonly source: ListSource,
    private readonly parse: (text: string) => T,
    private readonly what: string,
    private readonly accept: string,
    private readonly reloadMs: number,
    private readonly now: () => number = Date.now,
  ) {}

  async current(): Promise<T> {
    if (this.value !== null && this.now() - this.loadedAt < this.reloadMs) return this.value;
    this.loading ??= readListSource(this.source, this.what, this.accept)
      .then((text) => {
        this.value = this.parse(text);
        this.loadedAt = this.now();
        return this.value;
      })
      .catch((err: unknown) => {
        if (this.value !== null) return this.value;
        throw err;
      })
      .finally(() => {
        this.loading = null;
      });
    return this.loading;
  }
}
