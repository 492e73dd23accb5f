/**
 * The MNRL as a periodically imported file: the list the broker downloads from DoT's Digital
 * Intelligence Platform (or the exchange's UCC file carrying it), one number a line as
 * `mobile[,revocation date]` (10 digits, optionally +91 or 91 before; the date YYYY-MM-DD or
 * DD-MM-YYYY; a header line or blank lines are skipped). The file is read again after
 * `reloadMs`, so a new download is taken up without a restart. No public source gives DoT's own
 * file layout: this is the layout the platform reads (docs/configuration.md).
 */
import { type ListSource, ReloadingList } from '../list-source.ts';
import type { MnrlCheck, MobileRevocationList } from './port.ts';

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
  private readonly list: ReloadingList<Map<string, string | null>>;

  constructor(source: ListSource, reloadMs: number, now: () => number = Date.now) {
    this.list = new ReloadingList(source, parseMnrl, 'The MNRL', 'text/csv', reloadMs, now);
  }

  async check(mobile: string): Promise<MnrlCheck> {
    const numbers = await this.list.current();
    const digits = mobile.replace(/\D/g, '').slice(-10);
    return numbers.has(digits)
      ? { revoked: true, revokedOn: numbers.get(digits) ?? null }
      : { revoked: false, revokedOn: null };
  }
}
