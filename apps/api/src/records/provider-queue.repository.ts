/** The only code that touches the provider queue table (2900_provider_queue.sql). */
import { sql } from 'drizzle-orm';
import type { Tx } from '../db/client.ts';
import { preparedSql } from '../db/prepared.ts';
import { query, toNum } from '../db/raw.ts';

const at = sql.placeholder;

export const providerQueueRepository = {
  /**
   * The applicant's place among the places still kept (asked about within `keepSeconds`), counting
   * from 1, and notes that it was asked about now; null when the applicant has none.
   */
  async placeOf(tx: Tx, service: string, applicantId: string, keepSeconds: number): Promise<number | null> {
    const [row] = await query<{ place: unknown }>(
      tx,
      sql`with mine as (
            update provider_queue set seen_at = now()
            where service = ${service} and applicant_id = ${applicantId}
            returning id
          )
          select (select count(*) from provider_queue q, mine
                   where q.service = ${service} and q.id < mine.id and q.seen_at >= now() - make_interval(secs => ${keepSeconds})) + 1 as place
          from mine`,
    );
    return row ? toNum(row.place) : null;
  },

  /**
   * placeOf and, for an applicant with no place, how many places are kept before it: one
   * statement (the queue is asked at every bank verification and e-sign, nearly always empty).
   */
  async placeOrLength(
    tx: Tx,
    service: string,
    applicantId: string,
    keepSeconds: number,
  ): Promise<{ place: number | null; length: number }> {
    const [row] = await preparedSql<{ place: unknown; length: unknown }>(
      tx,
      'provider_queue_place_or_length',
      () => sql`with mine as (
            update provider_queue set seen_at = now()
            where service = ${at('service')} and applicant_id = ${at('applicant')}::uuid
            returning id
          )
          select (select (select count(*) from provider_queue q
                          where q.service = ${at('service')} and q.id < mine.id
                            and q.seen_at >= now() - make_interval(secs => ${at('keep')}::int)) + 1
                  from mine) as place,
                 (select count(*) from provider_queue
                  where service = ${at('service')} and seen_at >= now() - make_interval(secs => ${at('keep')}::int))
                   as length`,
      { service, applicant: applicantId, keep: keepSeconds },
    );
    return {
      place: row?.place === null || row?.place === undefined ? null : toNum(row.place),
      length: toNum(row?.length),
    };
  },

  /** Takes a place at the end (or keeps the one the applicant has). */
  async join(tx: Tx, service: string, applicantId: string): Promise<void> {
    await tx.execute(
      sql`insert into provider_queue (service, applicant_id) values (${service}, ${applicantId})
          on conflict (service, applicant_id) do update set seen_at = now()`,
    );
  },

  /** Gives up the applicant's place (served, or no longer waiting), and places long given up. */
  async leave(tx: Tx, service: string, applicantId: string, keepSeconds: number): Promise<void> {
    await tx.execute(
      sql`delete from provider_queue
          where service = ${service} and (applicant_id = ${applicantId} or seen_at < now() - make_interval(secs => ${keepSeconds}))`,
    );
  },
};
