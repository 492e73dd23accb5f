import type { SegmentItem } from '@ekyc/contracts/calls/get-segment-list';
import type { SegmentDeps } from './deps.ts';
import { ok, type Outcome } from '../../lib/outcome.ts';
import { segmentRepository } from './segment.repository.ts';

/** get-segment-list: the segments from the database, in display order. */
export async function listSegments(deps: Pick<SegmentDeps, 'database'>): Promise<Outcome<SegmentItem[]>> {
  return ok('segmentList', await segmentRepository.list(deps.database.db));
}
