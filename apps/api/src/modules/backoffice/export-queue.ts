/**
 * The filtered queue as CSV (identity numbers masked as on screen), up to 5,000 rows. Each export
 * enters the staff audit trail with its filter and row count.
 */
import type { queueQuerySchema } from '@ekyc/contracts/calls/backoffice-queue';
import type { z } from 'zod';
import type { BackofficeDeps } from './deps.ts';
import { auditRepository as repo } from './audit.repository.ts';
import { listApplications } from './list-applications.ts';

const MAX_ROWS = 5000;
const HEADER = [
  'Name',
  'Mobile',
  'PAN',
  'Stage',
  'Status',
  'Waiting since',
  'Waiting hours',
  'Held by',
  'Client code',
  'Source',
  'Started',
];

/** Quotes a cell; a leading =, +, - or @ is neutralised so a spreadsheet never runs it as a formula. */
export function csvCell(value: string | number | null): string {
  let s = value === null ? '' : String(value);
  if (/^[=+\-@\t\r]/.test(s)) s = `'${s}`;
  return /[",\n\r]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
}

export async function queueCsv(
  deps: Pick<BackofficeDeps, 'database' | 'records' | 'hasher' | 'cipher' | 'config'>,
  query: z.output<typeof queueQuerySchema>,
  viewerId: string,
): Promise<string> {
  const data = await listApplications(deps, { ...query, page: 1 }, viewerId, MAX_ROWS);
  const now = Date.now();
  const lines = [HEADER.map(csvCell).join(',')];
  for (const i of data.items)
    lines.push(
      [
        i.name,
        i.mobile,
        i.pan,
        i.stage,
        i.status,
        i.waiting_since,
        ((now - Date.parse(i.waiting_since)) / 3_600_000).toFixed(1),
        i.claim?.name ?? null,
        i.client_code,
        i.utm_source,
        i.created_at,
      ]
        .map(csvCell)
        .join(','),
    );
  await repo.appendAudit(deps.database.db, {
    chain: 'staff',
    applicantId: null,
    actorKind: 'staff',
    actorId: viewerId,
    action: 'queue.exported',
    after: { filter: { ...query, q: query.q ? '(search)' : undefined }, rows: data.items.length },
  });
  return `${lines.join('\r\n')}\r\n`;
}
