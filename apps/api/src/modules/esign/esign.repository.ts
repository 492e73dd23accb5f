/** The only code that touches esign_transactions. */
import type { Language } from '@ekyc/contracts/constants';
import { and, eq, getTableColumns, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { prepared } from '../../db/prepared.ts';
import { applicants } from '../../db/schema/core.ts';
import { type EsignTxnStatus, esignTransactions } from '../../db/schema/esign.ts';

/** A transaction, and the language its signer reads (the e-sign window's page is in it). */
export type EsignTxnRow = typeof esignTransactions.$inferSelect & { language: Language };

export const esignRepository = {
  async insert(tx: Tx, row: { txnId: string; applicantId: string; eproId: string; expiresAt: Date }): Promise<void> {
    const query = prepared(tx, 'esign_transaction_insert', (db, name) =>
      db
        .insert(esignTransactions)
        .values({
          txnId: sql.placeholder('txnId'),
          applicantId: sql.placeholder('applicantId'),
          eproId: sql.placeholder('eproId'),
          expiresAt: sql.placeholder('expiresAt'),
          status: 'pending',
        })
        .prepare(name),
    );
    await query.execute(row);
  },

  async find(tx: Tx, txnId: string): Promise<EsignTxnRow | undefined> {
    const query = prepared(tx, 'esign_transaction', (db, name) =>
      db
        .select({ ...getTableColumns(esignTransactions), language: applicants.language })
        .from(esignTransactions)
        .innerJoin(applicants, eq(applicants.id, esignTransactions.applicantId))
        .where(eq(esignTransactions.txnId, sql.placeholder('txn')))
        .limit(1)
        .prepare(name),
    );
    const [row] = await query.execute({ txn: txnId });
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
