/** The provider exchanges kept per application (recorder.ts): the only code touching their table. */
import { sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { rowsOf } from '../../db/raw.ts';

export const exchangesRepository = {
  async add(
    db: Tx,
    e: { applicantId: string; provider: string; operation: string; at: Date; bodyEnc: string },
  ): Promise<void> {
    await db.execute(sql`
      insert into provider_exchanges (applicant_id, provider, operation, at, body_enc)
      values (${e.applicantId}, ${e.provider}, ${e.operation}, ${e.at.toISOString()}, ${e.bodyEnc})`);
  },

  async list(db: Tx, applicantId: string): Promise<{ id: string; bodyEnc: string }[]> {
    return rowsOf<{ id: string | number; body_enc: string }>(
      await db.execute(sql`
        select id, body_enc from provider_exchanges where applicant_id = ${applicantId} order by at, id`),
    ).map((r) => ({ id: String(r.id), bodyEnc: r.body_enc }));
  },
};
