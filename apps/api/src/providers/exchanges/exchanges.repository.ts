/** The provider exchanges kept per application (recorder.ts): the only code touching their table. */
import { sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { preparedSql } from '../../db/prepared.ts';
import { rowsOf } from '../../db/raw.ts';

const at = sql.placeholder;

export const exchangesRepository = {
  /** Several exchanges in one statement, in the order given. */
  async add(
    db: Tx,
    rows: { applicantId: string; provider: string; operation: string; at: Date; bodyEnc: string }[],
  ): Promise<void> {
    await preparedSql(
      db,
      'provider_exchanges_add',
      () => sql`
        insert into provider_exchanges (applicant_id, provider, operation, at, body_enc)
        select e.applicant_id, e.provider, e.operation, e.at, e.body_enc
        from unnest(${at('applicantIds')}::uuid[], ${at('providers')}::text[], ${at('operations')}::text[],
          ${at('ats')}::timestamptz[], ${at('bodies')}::text[]) with ordinality
          as e (applicant_id, provider, operation, at, body_enc, n)
        order by e.n`,
      {
        applicantIds: rows.map((r) => r.applicantId),
        providers: rows.map((r) => r.provider),
        operations: rows.map((r) => r.operation),
        ats: rows.map((r) => r.at.toISOString()),
        bodies: rows.map((r) => r.bodyEnc),
      },
    );
  },

  async list(db: Tx, applicantId: string): Promise<{ id: string; bodyEnc: string }[]> {
    return rowsOf<{ id: string | number; body_enc: string }>(
      await db.execute(sql`
        select id, body_enc from provider_exchanges where applicant_id = ${applicantId} order by at, id`),
    ).map((r) => ({ id: String(r.id), bodyEnc: r.body_enc }));
  },
};
