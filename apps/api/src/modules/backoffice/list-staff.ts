/** The admin's list of staff accounts, each with the end of its sign-in lockout (null when not locked). */
import type { StaffListEntry } from '@ekyc/contracts/calls/backoffice-staff';
import type { BackofficeDeps } from './deps.ts';
import { staffRepository as repo, type StaffRow } from './staff.repository.ts';
import { staffView } from './staff-view.ts';

export async function staffEntry(
  deps: Pick<BackofficeDeps, 'staffLoginThrottle'>,
  row: StaffRow,
): Promise<StaffListEntry> {
  const lockedUntil = await deps.staffLoginThrottle.lockedUntil(row.email);
  return { ...staffView(row), locked_until: lockedUntil?.toISOString() ?? null };
}

export async function listStaff(
  deps: Pick<BackofficeDeps, 'database' | 'staffLoginThrottle'>,
): Promise<StaffListEntry[]> {
  const rows = await repo.listStaff(deps.database.db);
  return Promise.all(rows.map((row) => staffEntry(deps, row)));
}
