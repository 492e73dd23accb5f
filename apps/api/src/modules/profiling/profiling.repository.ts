/** The profiling lists (0400_profiling_lists.sql): the only code here that touches the ORM. */
import type { ProfilingList, ProfilingOption } from '@ekyc/contracts/calls/get-occupation-list';
import { and, asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { profilingOptions } from '../../db/schema/profiling.ts';
import { cachedReference } from '../../lib/reference-cache.ts';

export const profilingRepository = {
  /** Active options of one list in display order, with their five labels (cached for a minute). */
  options(db: Db, list: ProfilingList): Promise<ProfilingOption[]> {
    return cachedReference(db, `profiling:${list}`, () => readOptions(db, list));
  },
};

async function readOptions(db: Db, list: ProfilingList): Promise<ProfilingOption[]> {
  const rows = await db
    .select()
    .from(profilingOptions)
    .where(and(eq(profilingOptions.list, list), eq(profilingOptions.active, true)))
    .orderBy(asc(profilingOptions.sortOrder));
  return rows.map((r) => ({
    code: r.code,
    name: r.name,
    labels: { en: r.name, hi: r.labelHi, be: r.labelBe, gu: r.labelGu, mar: r.labelMar },
  }));
}
