/**
 * Saved views of the queue, each staff member's own: a name and the filters, sort and search. The
 * query is sealed at rest (a search may be a name, a PAN or an e-mail address).
 */
import { type SavedView, savedViewQuerySchema, type saveViewBodySchema } from '@ekyc/contracts/calls/backoffice-views';
import type { z } from 'zod';
import type { BackofficeDeps } from '../deps.ts';
import { AppError } from '../../../lib/errors.ts';
import { type SavedViewRow, savedViewsRepository as repo } from './saved-views.repository.ts';

type Deps = Pick<BackofficeDeps, 'database' | 'cipher'>;

/** A staff member keeps this many views at most. */
const MAX_SAVED_VIEWS = 50;

function toView(deps: Deps, row: SavedViewRow): SavedView {
  return {
    id: row.id,
    name: row.name,
    // parsed again: a view saved before a filter changed keeps what is still valid
    query: savedViewQuerySchema.catch({ sort: 'waiting' }).parse(deps.cipher.decryptJson(row.queryEnc)),
    created_at: row.createdAt.toISOString(),
  };
}

export async function listSavedViews(deps: Deps, staffId: string): Promise<SavedView[]> {
  return (await repo.listOf(deps.database.db, staffId)).map((row) => toView(deps, row));
}

export async function saveView(
  deps: Deps,
  staffId: string,
  body: z.output<typeof saveViewBodySchema>,
): Promise<SavedView> {
  const db = deps.database.db;
  const existing = await repo.listOf(db, staffId);
  if (existing.length >= MAX_SAVED_VIEWS && !existing.some((v) => v.name === body.name))
    throw new AppError('CONFLICT', `At most ${MAX_SAVED_VIEWS} saved views: delete one first.`);
  return toView(deps, await repo.put(db, staffId, body.name, deps.cipher.encryptJson(body.query)));
}

export async function deleteSavedView(deps: Deps, staffId: string, id: string): Promise<void> {
  if (!(await repo.remove(deps.database.db, staffId, id))) throw new AppError('NOT_FOUND', 'No such saved view.');
}
