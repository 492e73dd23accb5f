/** The only code that touches the DigiLocker authorization table. */
import { and, eq, gt, isNull, type Placeholder, sql } from 'drizzle-orm';
import type { Tx } from '../db/client.ts';
import { prepared, preparedSql } from '../db/prepared.ts';
import { digilockerAuthorizations } from '../db/schema/pan.ts';

const at = sql.placeholder;

export type DigilockerAuthorizationRow = typeof digilockerAuthorizations.$inferSelect;

/** The request of this state hash while it is live: unused and unexpired. */
const live = (stateHash: string | Placeholder, now: Date | Placeholder) =>
  and(
    eq(digilockerAuthorizations.stateHash, stateHash),
    isNull(digilockerAuthorizations.usedAt),
    gt(digilockerAuthorizations.expiresAt, now),
  );

export const digilockerRepository = {
  /** A new request, the requests expired for a day deleted in the same statement. */
  async insertDeletingExpired(
    tx: Tx,
    values: Pick<DigilockerAuthorizationRow, 'stateHash' | 'applicantId' | 'verifierEnc' | 'expiresAt'>,
    now: Date,
  ): Promise<void> {
    const dayAgo = new Date(now.getTime() - 24 * 60 * 60 * 1000);
    await preparedSql(
      tx,
      'digilocker_authorization_insert',
      () => sql`
        with expired as (delete from digilocker_authorizations where expires_at < ${at('dayAgo')}::timestamptz)
        insert into digilocker_authorizations (state_hash, applicant_id, verifier_enc, expires_at)
        values (${at('stateHash')}, ${at('applicantId')}::uuid, ${at('verifierEnc')}, ${at('expiresAt')}::timestamptz)`,
      { ...values, expiresAt: values.expiresAt.toISOString(), dayAgo: dayAgo.toISOString() },
    );
  },

  /** A live (unused, unexpired) request by its state hash. */
  async findLive(tx: Tx, stateHash: string, now: Date): Promise<DigilockerAuthorizationRow | undefined> {
    const query = prepared(tx, 'digilocker_authorization_live', (db, name) =>
      db
        .select()
        .from(digilockerAuthorizations)
        .where(live(at('state'), at('now')))
        .limit(1)
        .prepare(name),
    );
    const [row] = await query.execute({ state: stateHash, now });
    return row;
  },

  /**
   * Marks the applicant's live request used and returns it, in one statement; nothing when it is
   * unknown, expired, another applicant's (left as it is) or already used (a replayed return).
   */
  async claim(
    tx: Tx,
    stateHash: string,
    applicantId: string,
    now: Date,
  ): Promise<DigilockerAuthorizationRow | undefined> {
    const query = prepared(tx, 'digilocker_authorization_claim', (db, name) =>
      db
        .update(digilockerAuthorizations)
        .set({ usedAt: sql`${at('now')}::timestamptz` })
        .where(and(live(at('state'), at('now')), eq(digilockerAuthorizations.applicantId, at('applicant'))))
        .returning()
        .prepare(name),
    );
    const [row] = await query.execute({ state: stateHash, now, applicant: applicantId });
    return row;
  },
};
