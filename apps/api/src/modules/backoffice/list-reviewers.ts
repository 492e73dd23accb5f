/** Names of the active staff, for the queue's "held by" filter and an admin's assignment. */
import type { BackofficeDeps } from './deps.ts';
import { staffRepository as repo } from './staff.repository.ts';

export async function listReviewers(deps: Pick<BackofficeDeps, 'database'>) {
  const rows = await repo.listStaff(deps.database.db);
  return rows.filter((m) => m.active).map((m) => ({ id: m.id, name: m.name, role: m.role }));
}
