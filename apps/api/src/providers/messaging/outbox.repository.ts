import { desc, eq, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { prepared } from '../../db/prepared.ts';
import { sandboxOutbox } from '../../db/schema/core.ts';

export const outboxRepository = {
  async insert(
    tx: Tx,
    values: Pick<
      typeof sandboxOutbox.$inferSelect,
      'channel' | 'recipient' | 'body' | 'otp' | 'attachments' | 'provider'
    >,
  ): Promise<void> {
    const query = prepared(tx, 'outbox_insert', (db, name) =>
      db
        .insert(sandboxOutbox)
        .values({
          channel: sql.placeholder('channel'),
          recipient: sql.placeholder('recipient'),
          body: sql.placeholder('body'),
          otp: sql.placeholder('otp'),
          attachments: sql.placeholder('attachments'),
          provider: sql.placeholder('provider'),
        })
        .prepare(name),
    );
    await query.execute(values);
  },
  async list(tx: Tx, to?: string, limit = 100) {
    if (!to) return tx.select().from(sandboxOutbox).orderBy(desc(sandboxOutbox.id)).limit(limit);
    // one recipient's messages: what a test or the journey reads after every send
    const query = prepared(tx, 'outbox_to', (db, name) =>
      db
        .select()
        .from(sandboxOutbox)
        .where(eq(sandboxOutbox.recipient, sql.placeholder('to')))
        .orderBy(desc(sandboxOutbox.id))
        .limit(sql.placeholder('limit'))
        .prepare(name),
    );
    return query.execute({ to, limit });
  },
};
