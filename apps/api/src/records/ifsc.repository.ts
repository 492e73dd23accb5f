/** The only code that touches the IFSC branch table. */
import { eq, sql } from 'drizzle-orm';
import type { Tx } from '../db/client.ts';
import { prepared } from '../db/prepared.ts';
import { ifscBranches } from '../db/schema/bank.ts';

export type IfscBranchRow = typeof ifscBranches.$inferInsert;

export const ifscRepository = {
  async find(tx: Tx, ifsc: string) {
    const query = prepared(tx, 'ifsc_branch', (db, name) =>
      db
        .select()
        .from(ifscBranches)
        .where(eq(ifscBranches.ifsc, sql.placeholder('ifsc')))
        .limit(1)
        .prepare(name),
    );
    const [row] = await query.execute({ ifsc });
    return row;
  },

  /** Inserts or refreshes a batch of rows (the import is safe to run again with a newer file). */
  async upsert(tx: Tx, rows: IfscBranchRow[]): Promise<void> {
    if (rows.length === 0) return;
    await tx
      .insert(ifscBranches)
      .values(rows)
      .onConflictDoUpdate({
        target: ifscBranches.ifsc,
        set: {
          bank: sql`excluded.bank`,
          branch: sql`excluded.branch`,
          centre: sql`excluded.centre`,
          district: sql`excluded.district`,
          state: sql`excluded.state`,
          address: sql`excluded.address`,
          contact: sql`excluded.contact`,
          city: sql`excluded.city`,
          iso3166: sql`excluded.iso3166`,
          micr: sql`excluded.micr`,
          swift: sql`excluded.swift`,
          imps: sql`excluded.imps`,
          rtgs: sql`excluded.rtgs`,
          neft: sql`excluded.neft`,
          upi: sql`excluded.upi`,
          updatedAt: sql`now()`,
        },
      });
  },

  async count(tx: Tx): Promise<number> {
    const [row] = await tx.select({ n: sql<number>`count(*)::int` }).from(ifscBranches);
    return row?.n ?? 0;
  },
};
