/**
 * The staff accounts (table staff): read, add, enable, set a password, note a sign-in.
 */
import { asc, eq, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { staff, type StaffRole } from '../../db/schema/backoffice.ts';
import { query, toNum } from '../../db/raw.ts';
import { isUuid } from '../../lib/uuid.ts';

export type StaffRow = typeof staff.$inferSelect;

export const staffRepository = {
  async countStaff(tx: Tx): Promise<number> {
    const [row] = await query<{ n: unknown }>(tx, sql`select count(*) as n from staff`);
    return toNum(row?.n);
  },
  async staffByEmail(tx: Tx, email: string): Promise<StaffRow | undefined> {
    const [row] = await tx.select().from(staff).where(eq(staff.email, email)).limit(1);
    return row;
  },
  async staffById(tx: Tx, id: string): Promise<StaffRow | undefined> {
    if (!isUuid(id)) return undefined;
    const [row] = await tx.select().from(staff).where(eq(staff.id, id)).limit(1);
    return row;
  },
  async listStaff(tx: Tx): Promise<StaffRow[]> {
    return tx.select().from(staff).orderBy(asc(staff.createdAt));
  },
  /** Inserts unless the email exists; undefined on a duplicate. */
  async insertStaff(
    tx: Tx,
    values: {
      email: string;
      name: string;
      role: StaffRole;
      passwordHash: string;
      createdBy: string | null;
      passwordChangeRequired?: boolean;
    },
  ): Promise<StaffRow | undefined> {
    const [row] = await tx.insert(staff).values(values).onConflictDoNothing({ target: staff.email }).returning();
    return row;
  },
  async setStaffActive(tx: Tx, id: string, active: boolean): Promise<StaffRow | undefined> {
    const [row] = await tx.update(staff).set({ active }).where(eq(staff.id, id)).returning();
    return row;
  },
  async setPassword(tx: Tx, id: string, passwordHash: string): Promise<StaffRow | undefined> {
    const [row] = await tx
      .update(staff)
      .set({ passwordHash, passwordChangeRequired: false })
      .where(eq(staff.id, id))
      .returning();
    return row;
  },
  async touchLogin(tx: Tx, id: string): Promise<void> {
    await tx.update(staff).set({ lastLoginAt: new Date() }).where(eq(staff.id, id));
  },
};
