import { desc, eq } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { sandboxOutbox } from '../../db/schema/core.ts';

export const outboxRepository = {
  async insert(tx: Tx, values: typeof sandboxOutbox.$inferInsert): Promise<void> {
    await tx.insert(sandboxOutbox).values(values);
  },
  async list(tx: Tx, to?: string, limit = 100) {
    const q = tx.select().from(sandboxOutbox);
    return (to ? q.where(eq(sandboxOutbox.recipient, to)) : q).orderBy(desc(sandboxOutbox.id)).limit(limit);
  },
};
