/**
 * The screening lists as files the broker imports on a schedule: SEBI's debarred entities, the UN
 * Security Council's consolidated list, and a PEP list from a provider (optional: the applicant's
 * own declaration is the other source). The port reads a list and gives its entries; storing and
 * matching them is records/screening.ts.
 */
import type { ScreeningList } from '@ekyc/contracts/screening';

export interface ListedPerson {
  /** The list's own reference of the entry (an order number, REFERENCE_NUMBER ...). */
  ref: string;
  /** The name and every alias the list gives. */
  names: string[];
  /** YYYY-MM-DD, or YYYY where the list gives only the year; null when the list gives none. */
  dob: string | null;
  /** Upper-case PAN where the list gives one. */
  pan: string | null;
  /** What else the list says of the entry, as text (order date, listed on, nationality ...). */
  details: Record<string, string>;
}

export interface ListFile {
  list: ScreeningList;
  /** SHA-256 of the file read: an unchanged file is not imported again. */
  digest: string;
  entries: ListedPerson[];
}

export interface ScreeningLists {
  /** The lists this deployment reads (a PEP list only where a source is configured). */
  readonly lists: readonly ScreeningList[];
  read(list: ScreeningList): Promise<ListFile>;
}
