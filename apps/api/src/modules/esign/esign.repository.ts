/** The only code that touches esign_transactions. */
import { and, eq } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { type EsignTxnStatus, esignTransactions } from '../../db/schema/esign.ts';

export type EsignTxnRow = typeof esignTransactions.$inferSelect;

export const esignRepository = {
  async insert(tx: Tx, row: { txnId: string; applicantId: string; eproId: string; expiresAt: Date }): Promise<void> {
    await tx.insert(esignTransactions).values({ ...row, status: 'pending' });
  },

  async find(tx: Tx, txnId: string): Promise<EsignTxnRow | undefined> {
    const [row] = await tx.select().from(esignTransactions).where(eq(esignTransactions.txnId, txnId)).limit(1);
    return row;
  },

  /** Moves a pending transaction to its end state once; false when it had already ended. */
  async finish(
    tx: Tx,
    txnId: string,
    status: Exclude<EsignTxnStatus, 'pending'>,
    message: string,
    at: Date,
  ): Promise<boolean> {
    const rows = await tx
      .update(esignTransactions)
      .set({ status, message, completedAt: at })
      .where(and(eq(esignTransactions.txnId, txnId), eq(esignTransactions.status, 'pending')))
      .returning({ txnId: esignTransactions.txnId });
    return rows.length === 1;
  },
};
