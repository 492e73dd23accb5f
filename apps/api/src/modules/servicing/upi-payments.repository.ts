/** The only code that touches bank_change_upi_payments (migration 3001): a bank request's UPI reverse penny drops. */
import { sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { query } from '../../db/raw.ts';

export interface UpiPaymentRow {
  id: string;
  applicantId: string;
  reference: string;
  status: 'waiting' | 'verified' | 'failed';
  reason: string | null;
  accountEnc: string | null;
  usedBy: string | null;
}

type Raw = {
  id: string;
  applicant_id: string;
  reference: string;
  status: UpiPaymentRow['status'];
  reason: string | null;
  account_enc: string | null;
  used_by: string | null;
};

const toRow = (r: Raw): UpiPaymentRow => ({
  id: r.id,
  applicantId: r.applicant_id,
  reference: r.reference,
  status: r.status,
  reason: r.reason,
  accountEnc: r.account_enc,
  usedBy: r.used_by,
});

export const upiPaymentsRepository = {
  async insert(tx: Tx, row: { id: string; applicantId: string; reference: string }): Promise<void> {
    await tx.execute(sql`insert into bank_change_upi_payments (id, applicant_id, reference, status)
        values (${row.id}, ${row.applicantId}, ${row.reference}, 'waiting')`);
  },

  async get(tx: Tx, id: string): Promise<UpiPaymentRow | null> {
    const [r] = await query<Raw>(tx, sql`select * from bank_change_upi_payments where id = ${id}`);
    return r ? toRow(r) : null;
  },

  /** Settles a waiting payment once: false when it was settled already (a repeated notification). */
  async settle(
    tx: Tx,
    id: string,
    outcome: { status: 'verified' | 'failed'; reason: string | null; accountEnc: string | null },
  ): Promise<boolean> {
    const rows = await query<{ id: string }>(
      tx,
      sql`update bank_change_upi_payments set status = ${outcome.status}, reason = ${outcome.reason},
          account_enc = ${outcome.accountEnc}, settled_at = now()
          where id = ${id} and status = 'waiting' returning id`,
    );
    return rows.length > 0;
  },

  /** The payment named by a bank request: used once. */
  async use(tx: Tx, id: string, requestId: string): Promise<boolean> {
    const rows = await query<{ id: string }>(
      tx,
      sql`update bank_change_upi_payments set used_by = ${requestId}::uuid
          where id = ${id} and status = 'verified' and used_by is null returning id`,
    );
    return rows.length > 0;
  },
};
