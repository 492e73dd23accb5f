/**
 * The review queue: filtered (status, stage, dates, source, who holds it), searched by name, digits
 * of the mobile number, PAN, client code, application id, e-mail or BO id, sorted by any column, with counts per status.
 */
import type { QueueData, queueQuerySchema } from '@ekyc/contracts/calls/backoffice-queue';
import type { z } from 'zod';
import type { HoldReason } from '@ekyc/contracts/calls/backoffice-holds';
import type { BackofficeDeps } from './deps.ts';
import { holdsRepository } from './holds/holds.repository.ts';
import { searchIndexRepository as repo } from './search-index.repository.ts';
import { operationsRepository as ops } from './operations.repository.ts';
import { hashTerms, syncSearchTerms } from './search-index.ts';
import { queryTerms } from './search-terms.ts';
import { maskMobile, maskPan } from './mask.ts';
import { queueAlerts } from './review-checks.ts';
import { type ExactSearch, exactSearch } from './search/exact-search.ts';

const PAGE_SIZE = 20;
/**
 * The counts per status of a filter set are kept for a few seconds: a team refreshing the same
 * queue does not count 100,000 rows on each refresh (the tabs may lag a decision by that long).
 */
const COUNTS_TTL_MS = 10_000;
const countsCaches = new WeakMap<object, Map<string, { at: number; counts: QueueData['counts'] }>>();
function countsCacheOf(database: object) {
  let cache = countsCaches.get(database);
  if (!cache) countsCaches.set(database, (cache = new Map()));
  return cache;
}

/** Brings the PAN blind index up to date with the pan_obj sections written since the last call. */
export async function syncPanIndex(deps: Pick<BackofficeDeps, 'database' | 'records' | 'hasher'>): Promise<void> {
  const db = deps.database.db;
  for (;;) {
    const batch = await repo.panSectionsToIndex(db, 200);
    for (const item of batch) {
      const pan = (await deps.records.getIndexableSection(item.applicantId, 'pan_obj'))?.pan_number ?? '';
      await repo.putPanIndex(db, item.applicantId, deps.hasher.hash('pan', pan.toUpperCase()), item.updatedAt);
    }
    if (batch.length < 200) return;
  }
}

export async function listApplications(
  deps: Pick<BackofficeDeps, 'database' | 'records' | 'hasher' | 'cipher' | 'config'>,
  query: z.output<typeof queueQuerySchema>,
  viewerId: string,
  pageSize = PAGE_SIZE,
): Promise<QueueData> {
  let search: ({ termHashes?: string[]; clientCodePrefix?: string } & ExactSearch) | undefined;
  if (query.q) {
    const exact = exactSearch(deps, query.q);
    if (exact.only) search = exact.search;
    else {
      await syncSearchTerms(deps);
      const { terms, clientCodePrefix } = queryTerms(query.q);
      search = { termHashes: hashTerms(deps, terms), clientCodePrefix, ...exact.search };
    }
  }
  const filters = {
    from: query.from,
    to: query.to,
    utmSource: query.utm_source,
    status: query.status,
    stage: query.stage,
    holder: query.assigned === 'mine' ? viewerId : query.assigned,
    ...search,
    idleMinutes: deps.config.backoffice.claimIdleMinutes,
  };
  const countsCache = countsCacheOf(deps.database);
  const key = JSON.stringify({ ...filters, status: undefined });
  const cached = countsCache.get(key);
  // A search counts only its few matches: always fresh.
  const fresh = !search && cached && Date.now() - cached.at < COUNTS_TTL_MS ? cached.counts : undefined;
  const { rows, total, counts } = await ops.queue(deps.database.db, {
    ...filters,
    cachedCounts: fresh,
    sort: query.sort,
    dir: query.dir ?? 'asc',
    limit: pageSize,
    offset: (query.page - 1) * pageSize,
  });
  if (!fresh && !search) {
    if (countsCache.size > 500) countsCache.clear();
    countsCache.set(key, { at: Date.now(), counts });
  }
  const held = await holdsRepository.openOfMany(
    deps.database.db,
    rows.map((r) => r.id),
  );
  const items = await Promise.all(
    rows.map(async (row) => {
      const hold = held.get(row.id);
      const [pan, liveness] = await Promise.all([
        deps.records.getSection(row.id, 'pan_obj'),
        deps.records.getSection(row.id, 'livness_obj'),
      ]);
      return {
        id: row.id,
        mobile: maskMobile(deps.cipher.decrypt(row.mobileEnc)),
        pan: pan?.pan_number ? maskPan(pan.pan_number) : null,
        name: pan?.full_name ?? pan?.name_on_card ?? null,
        stage: row.stage,
        status: row.status,
        waiting_since: row.since.toISOString(),
        created_at: row.createdAt.toISOString(),
        utm_source: row.utmSource,
        utm_campaign: row.utmCampaign,
        refcode: row.refcode,
        client_code: row.clientCode,
        alerts: queueAlerts(liveness),
        claim: row.claimStaffId ? { staff_id: row.claimStaffId, name: row.claimStaffName ?? '' } : null,
        hold: hold ? { reason_code: hold.reasonCode as HoldReason, since: hold.since.toISOString() } : null,
      };
    }),
  );
  return {
    items,
    total,
    page: query.page,
    page_size: pageSize,
    counts,
    sla: { amber_hours: deps.config.backoffice.slaAmberHours, red_hours: deps.config.backoffice.slaRedHours },
  };
}
