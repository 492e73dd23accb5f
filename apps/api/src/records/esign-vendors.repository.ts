/** The e-sign vendor each transaction was sent to (esign_transactions.vendor, migration 2885). */
import { eq, sql } from 'drizzle-orm';
import type { Tx } from '../db/client.ts';
import { prepared } from '../db/prepared.ts';
import { esignTransactions } from '../db/schema/esign.ts';

export const esignVendorsRepository = {
  async record(tx: Tx, txnId: string, vendor: string): Promise<void> {
    const query = prepared(tx, 'esign_vendor_record', (db, name) =>
      db
        .update(esignTransactions)
        .set({ vendor: sql`${sql.placeholder('vendor')}::text` })
        .where(eq(esignTransactions.txnId, sql.placeholder('txn')))
        .prepare(name),
    );
    await query.execute({ txn: txnId, vendor });
  },

  async vendorOf(tx: Tx, txnId: string): Promise<string | null> {
    const query = prepared(tx, 'esign_vendor_of', (db, name) =>
      db
        .select({ vendor: esignTransactions.vendor })
        .from(esignTransactions)
        .where(eq(esignTransactions.txnId, sql.placeholder('txn')))
        .limit(1)
        .prepare(name),
    );
    const [row] = await query.execute({ txn: txnId });
    return row?.vendor ?? null;
  },
};
