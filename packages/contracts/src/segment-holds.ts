/**
 * Partial approval of segments: a maker accepts an application with some derivatives segments held
 * back until the client's income proof arrives (SEBI: a derivatives segment is activated only with
 * a financial proof; product-spec section 7). The held segments are not registered at the
 * exchanges; the client area shows them as pending proof.
 */
import { SEGMENTS } from './enums.ts';

/** Why a segment waits: the coded reasons a maker picks from. */
export const SEGMENT_HOLD_REASONS = [
  'income_proof_missing',
  'income_proof_insufficient',
  'income_proof_unreadable',
] as const;
export type SegmentHoldReason = (typeof SEGMENT_HOLD_REASONS)[number];

/** Only a segment that needs a financial proof (the derivatives) can wait for one. */
export const mayHoldSegment = (code: string): boolean => SEGMENTS.some((s) => s.code === code && s.derivative);

/** The chosen segments without the held ones: what the registrations carry. */
export const activeSegments = (chosen: readonly string[], held: readonly string[]): string[] =>
  chosen.filter((code) => !held.includes(code));
