/** The record of each message sent (message-records.ts): the only code touching its table. */
import { sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { preparedSql } from '../../db/prepared.ts';
import { query, toDate } from '../../db/raw.ts';

const at = sql.placeholder;

interface MessageRecordRow {
  applicantId: string | null;
  recipientHash: string;
  channel: string;
  template: string;
  gateway: string | null;
  outcome: 'sent' | 'failed';
  at: Date;
}

export const messageRecordsRepository = {
  async add(db: Tx, r: MessageRecordRow): Promise<void> {
    await preparedSql(
      db,
      'message_record_add',
      () => sql`
        insert into message_records (applicant_id, recipient_hash, channel, template, gateway, outcome, at)
        values (${at('applicantId')}::uuid, ${at('recipientHash')}, ${at('channel')}, ${at('template')}, ${at('gateway')},
          ${at('outcome')}, ${at('at')}::timestamptz)`,
      { ...r, at: r.at.toISOString() },
    );
  },

  /** The records of messages sent to a recipient before their application existed become theirs. */
  async link(db: Tx, recipientHash: string, applicantId: string): Promise<void> {
    await preparedSql(
      db,
      'message_records_link',
      () => sql`update message_records set applicant_id = ${at('applicantId')}::uuid
        where applicant_id is null and recipient_hash = ${at('recipientHash')}`,
      { applicantId, recipientHash },
    );
  },

  async list(
    db: Tx,
    applicantId: string,
  ): Promise<{ channel: string; template: string; gateway: string | null; outcome: string; at: Date }[]> {
    const rows = await query<{
      channel: string;
      template: string;
      gateway: string | null;
      outcome: string;
      at: unknown;
    }>(
      db,
      sql`select channel, template, gateway, outcome, at from message_records
          where applicant_id = ${applicantId} order by at, id`,
    );
    return rows.map((r) => ({ ...r, at: toDate(r.at) }));
  },

  /** The records of OTPs never verified: no application to keep them for. */
  async deleteUnlinkedBefore(db: Tx, before: Date): Promise<void> {
    await db.execute(sql`delete from message_records where applicant_id is null and at < ${before.toISOString()}`);
  },

  async deleteFor(db: Tx, applicantId: string): Promise<number> {
    const rows = await query<{ id: string }>(
      db,
      sql`delete from message_records where applicant_id = ${applicantId} returning id`,
    );
    return rows.length;
  },
};
