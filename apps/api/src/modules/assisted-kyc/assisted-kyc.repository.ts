/** The assisted video KYC bookings: the only code of the module touching the ORM. */
import { and, asc, eq, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { assistedKycRequests } from '../../db/schema/assisted-kyc.ts';

export type AssistedKycRow = typeof assistedKycRequests.$inferSelect;

export const assistedKycRepository = {
  async get(tx: Tx, applicantId: string): Promise<AssistedKycRow | undefined> {
    const [row] = await tx.select().from(assistedKycRequests).where(eq(assistedKycRequests.applicantId, applicantId));
    return row;
  },

  /** Books the call; a second booking replaces the first. */
  async book(
    tx: Tx,
    row: Omit<typeof assistedKycRequests.$inferInsert, 'status' | 'doneBy' | 'doneAt'>,
  ): Promise<void> {
    const values = { ...row, status: 'booked' as const, doneBy: null, doneAt: null };
    await tx
      .insert(assistedKycRequests)
      .values(values)
      .onConflictDoUpdate({ target: assistedKycRequests.applicantId, set: values });
  },

  async setStatus(tx: Tx, applicantId: string, status: 'done' | 'cancelled', by: string | null): Promise<boolean> {
    const rows = await tx
      .update(assistedKycRequests)
      .set({ status, doneBy: by, doneAt: new Date() })
      .where(and(eq(assistedKycRequests.applicantId, applicantId), eq(assistedKycRequests.status, 'booked')))
      .returning({ id: assistedKycRequests.applicantId });
    return rows.length > 0;
  },

  /** The calls still to make, earliest first. */
  async booked(tx: Tx, limit: number): Promise<AssistedKycRow[]> {
    return tx
      .select()
      .from(assistedKycRequests)
      .where(eq(assistedKycRequests.status, 'booked'))
      .orderBy(asc(assistedKycRequests.callDate), asc(assistedKycRequests.slot))
      .limit(limit);
  },

  /** The back office's audit trail (its hash-chained audit_append). */
  async audit(tx: Tx, applicantId: string, staffId: string, action: string, after: unknown): Promise<void> {
    await tx.execute(
      sql`select audit_append(${applicantId}, ${applicantId}::uuid, 'staff', ${staffId}, ${action}, null::integer,
        null::jsonb, ${JSON.stringify(after)}::jsonb)`,
    );
  },
};
