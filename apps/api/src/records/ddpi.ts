/**
 * The DDPI of record: a document of its own, e-signed apart from the account-opening form (at
 * opening, modules/esign/ddpi-esign.ts; or later from the client area as a request). The
 * depository is told of a DDPI only once this document is signed: choosing DDPI in the demat
 * choice alone gives none (registration-subject.ts).
 */
import { isFileRef } from '@ekyc/contracts/sections';
import type { FileRef } from './applicant-records.ts';
import type { PrivateSections } from './section-codec.ts';

/** The private section of the signed DDPI. */
export const DDPI_SECTION = '_ddpi';
/** The DDPI prepared for signing at opening (the document and its ByteRange hash), until signed. */
export const DDPI_PENDING = '_ddpi_pending';

export interface DdpiRecord {
  /** DDPI-… at opening; the request's number (SR-…) when signed later. */
  reference: string;
  purposes: string[];
  rule_set: string;
  generated_doc: FileRef;
  signed_document: FileRef;
  signed_at: string;
  source: 'account_opening' | 'service_request';
  /** The e-sign service provider that signed (the evidence of who served the call). */
  esp?: string;
}

export interface DdpiPending {
  reference: string;
  txn: string;
  input_hash: string;
  generated_doc: FileRef;
  purposes: string[];
  rule_set: string;
}

/** The day the DDPI was signed (dd/mm/yyyy, the registries' SetUpDt), or null when none is signed. */
export function ddpiSignedSince(record: DdpiRecord | null | undefined): string | null {
  if (!record?.signed_document || !record.signed_at) return null;
  return new Date(record.signed_at).toISOString().slice(0, 10).split('-').reverse().join('/');
}

const isDdpiRecord = (v: unknown): v is DdpiRecord =>
  !!v &&
  typeof v === 'object' &&
  'signed_document' in v &&
  isFileRef(v.signed_document) &&
  'signed_at' in v &&
  typeof v.signed_at === 'string';

/** The signed DDPI among a record's sections as read together (allSections, snapshot), or null. */
export function ddpiOf(sections: PrivateSections): DdpiRecord | null {
  const stored = sections[DDPI_SECTION];
  return isDdpiRecord(stored) ? stored : null;
}

declare module './section-codec.ts' {
  interface PrivateSectionTypes {
    [DDPI_SECTION]: DdpiRecord;
    [DDPI_PENDING]: DdpiPending;
  }
}
