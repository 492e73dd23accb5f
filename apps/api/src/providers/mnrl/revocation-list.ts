/**
 * The MNRL as a periodically imported file: the list the broker downloads from DoT's Digital
 * Intelligence Platform (or the exchange's UCC file carrying it), one number a line as
 * `mobile[,revocation date]` (10 digits, optionally +91 or 91 before; the date YYYY-MM-DD or
 * DD-MM-YYYY; a header line or blank lines are skipped). The file is read again after
 * `reloadMs`, so a new download is taken up without a restart. No public source gives DoT's own
 * file layout: this is the layout the platform reads (docs/configuration.md).
 */
import { readFile } from 'node:fs/promises';
import { ProviderError, type FetchLike } from '../http.ts';
import type { MnrlCheck, MobileRevocationList } from './port.ts';

/** Where the list is read: a local file, or an https (or sandbox) address. */
export type ListSource = { kind: 'file'; path: string } | { kind: 'url'; url: string; fetch: FetchLike };

const LINE = /^\s*(?:\+?91)?([6-9]\d{9})\s*(?:,\s*(\d{4}-\d{2}-\d{2}|\d{2}-\d{2}-\d{4}))?\s*$/;

/** The numbers of a list file with their revocation day; lines that are not a number are skipped. */
export function parseMnrl(text: string): Map<string, string | null> {
  const out = new Map<string, string | null>();
  for (const line of text.split(/\r?\n/)) {
    const m = LINE.exec(line);
    if (!m) continue;
    const day = m[2] ? (/^\d{2}-/.test(m[2]) ? m[2].split('-').reverse().join('-') : m[2]) : null;
    out.set(m[1]!, day);
  }
  return out;
}

export class FileRevocationList implements MobileRevocationList {
  private numbers: Map<string, string | null> | null = null;
  private loadedAt = 0;
  private loading: Promise<Map<string, string | null>> | null = null;

  constructor(
    private readonly source: ListSource,
    private readonly reloadMs: number,
    private readonly now: () => number = Date.now,
  ) {}

  private async read(): Promise<string> {
    if (this.source.kind === 'file') return readFile(this.source.path, 'utf8');
    const res = await this.source.fetch(this.source.url, { method: 'GET', headers: { accept: 'text/csv' } });
    if (!res.ok) throw new ProviderError(`The MNRL source answered ${res.status}`);
    return res.text();
  }

  private async list(): Promise<Map<string, string | null>> {
    if (this.numbers && this.now() - this.loadedAt < this.reloadMs) return this.numbers;
    this.loading ??= this.read()
      .then((text) => {
        this.numbers = parseMnrl(text);
        this.loadedAt = this.now();
        return this.numbers;
      })
      .catch((err: unknown) => {
        // a list read before stays in use while the new one cannot be read; none at all is an outage
        if (this.numbers) return this.numbers;
        throw err instanceof ProviderError
          ? err
          : new ProviderError(`The MNRL could not be read: ${(err as Error).message}`);
      })
      .finally(() => {
        this.loading = null;
      });
    return this.loading;
  }

  async check(mobile: string): Promise<MnrlCheck> {
    const numbers = await this.list();
    const digits = mobile.replace(/\D/g, '').slice(-10);
    return numbers.has(digits)
      ? { revoked: true, revokedOn: numbers.get(digits) ?? null }
      : { revoked: false, revokedOn: null };
  }
}
