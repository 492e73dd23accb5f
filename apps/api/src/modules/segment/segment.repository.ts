/** The only code that touches the segments table. */
import type { SegmentItem } from '@ekyc/contracts/calls/get-segment-list';
import { asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { segments } from '../../db/schema/segment.ts';
import { cachedReference } from '../../lib/reference-cache.ts';

export const segmentRepository = {
  /** Active segments in display order (cached for a minute). */
  list(db: Db): Promise<SegmentItem[]> {
    return cachedReference(db, 'segments', () => readSegments(db));
  },
};

async function readSegments(db: Db): Promise<SegmentItem[]> {
  const rows = await db.select().from(segments).where(eq(segments.active, true)).orderBy(asc(segments.sortOrder));
  return rows.map((r) => ({
    code: r.code,
    name: r.name,
    description: r.description,
    sub_description: r.subDescription,
    auto_select: r.autoSelect,
    required_doc: r.requiredDoc,
    exchanges: r.exchanges,
  }));
}
