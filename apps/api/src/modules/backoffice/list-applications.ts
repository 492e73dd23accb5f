/** The review queue: filtered, searched by mobile or PAN, oldest waiting first, with counts per status. */
import type { QueueData, queueQuerySchema } from '@ekyc/contracts/calls/backoffice-queue';
import type { z } from 'zod';
import type { AppDeps } from '../../app-deps.ts';
import { backofficeRepository as repo } from './backoffice.repository.ts';
import { maskMobile, maskPan } from './mask.ts';
import { queueAlerts } from './review-checks.ts';

const PAGE_SIZE = 20;
const PAN_PATTERN = /^[A-Z]{5}\d{4}[A-Z]$/;

interface PanSection {
  pan_number?: string;
  full_name?: string;
  name_on_card?: string;
}

/** Brings the PAN blind index up to date with the pan_obj sections written since the last call. */
export async function syncPanIndex(deps: Pick<AppDeps, 'database' | 'records' | 'hasher'>): Promise<void> {
  const db = deps.database.db;
  for (;;) {
    const batch = await repo.panSectionsToIndex(db, 200);
    for (const item of batch) {
      const pan = (await deps.records.getIndexableSection<PanSection>(item.applicantId, 'pan_obj'))?.pan_number ?? '';
      await repo.putPanIndex(db, item.applicantId, deps.hasher.hash('pan', pan.toUpperCase()), item.updatedAt);
    }
    if (batch.length < 200) return;
  }
}

async function searchIds(deps: Pick<AppDeps, 'database' | 'records' | 'hasher'>, q: string): Promise<string[]> {
  const db = deps.database.db;
  const digits = q.replace(/\D/g, '');
  if (/^[6-9]\d{9}$/.test(digits) && digits.length === q.replace(/[\s+-]/g, '').length)
    return repo.idsByMobileHash(db, deps.records.mobileHash(digits));
  const pan = q.toUpperCase().replace(/\s/g, '');
  if (PAN_PATTERN.test(pan)) {
    await syncPanIndex(deps);
    return repo.idsByPanHash(db, deps.hasher.hash('pan', pan));
  }
  return [];
}

export async function listApplications(
  deps: Pick<AppDeps, 'database' | 'records' | 'hasher' | 'cipher'>,
  query: z.output<typeof queueQuerySchema>,
): Promise<QueueData> {
  const ids = query.q ? await searchIds(deps, query.q) : undefined;
  const { rows, total, counts } = await repo.queue(deps.database.db, {
    from: query.from,
    to: query.to,
    utmSource: query.utm_source,
    status: query.status,
    stage: query.stage,
    ids,
    limit: PAGE_SIZE,
    offset: (query.page - 1) * PAGE_SIZE,
  });
  const items = await Promise.all(
    rows.map(async (row) => {
      const [pan, liveness] = await Promise.all([
        deps.records.getSection<PanSection>(row.id, 'pan_obj'),
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
      };
    }),
  );
  return { items, total, page: query.page, page_size: PAGE_SIZE, counts };
}
