/** The e-sign vendor each transaction was sent to (esign_transactions.vendor, migration 2885). */
import { eq } from 'drizzle-orm';
import type { Tx } from '../db/client.ts';
import { esignTransactions } from '../db/schema/esign.ts';

export const esignVendorsRepository = {
  async record(tx: Tx, txnId: string, vendor: string): Promise<void> {
    await tx.update(esignTransactions).set({ vendor }).where(eq(esignTransactions.txnId, txnId));
  },

  async vendorOf(tx: Tx, txnId: string): Promise<string | null> {
    const [row] = await tx
      .select({ vendor: esignTransactions.vendor })
      .from(esignTransactions)
      .where(eq(esignTransactions.txnId, txnId))
      .limit(1);
    return row?.vendor ?? null;
  },
};
