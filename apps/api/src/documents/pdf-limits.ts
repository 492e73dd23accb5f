/**
 * The PDF inspection's limits and its first-bytes test, apart from pdf-inspect.ts: the main thread
 * only hands uploads to the inspection's worker threads (form-pool.ts) and so never loads pdf-lib
 * for them.
 */

/** ISO 32000-1 7.5.2: the header is the first line of the file. */
export const startsAsPdf = (bytes: Uint8Array) => Buffer.from(bytes.subarray(0, 5)).toString('latin1') === '%PDF-';

export interface InspectionLimits {
  /** What stream decoding may write in all, in bytes; past it the PDF is `too_complex`. */
  maxDecodedBytes: number;
}

/** 64 MiB: a statement's object streams and first page come to a few MB at most. */
export const DEFAULT_INSPECTION_LIMITS: InspectionLimits = { maxDecodedBytes: 64 * 1024 * 1024 };
