/**
 * The embedded database's autovacuum. PGlite runs PostgreSQL in single-user mode, where the
 * autovacuum launcher never starts: without this, no table is ever analysed (the planner guesses
 * from empty statistics, and planned a lookup by key as a scan of every row of its kind) and no
 * dead row is ever reclaimed. A pass takes the tables past PostgreSQL's own autovacuum thresholds,
 * read from the database's settings rather than copied (`autovacuum_vacuum_threshold` plus
 * `autovacuum_vacuum_scale_factor` times the live rows for a vacuum, the `analyze` pair for an
 * analysis), and vacuums or analyses them one at a time, so that a request waits behind one
 * table's pass at most. A PostgreSQL server runs its own autovacuum and needs none of this.
 */
import type { Database } from './client.ts';

const DUE = `
  select "table", vacuum_due as vacuum
    from (select format('%I.%I', schemaname, relname) as "table", n_mod_since_analyze,
                 n_dead_tup > current_setting('autovacuum_vacuum_threshold')::float8
                   + current_setting('autovacuum_vacuum_scale_factor')::float8 * n_live_tup as vacuum_due,
                 n_mod_since_analyze > current_setting('autovacuum_analyze_threshold')::float8
                   + current_setting('autovacuum_analyze_scale_factor')::float8 * n_live_tup as analysis_due
            from pg_stat_user_tables) t
   where vacuum_due or analysis_due
   order by n_mod_since_analyze desc`;

/** One pass: each table due vacuumed (and analysed) or analysed. Answers the tables and what was done. */
export async function maintainEmbedded(database: Database): Promise<{ table: string; vacuum: boolean }[]> {
  const due = (await database.query(DUE)).rows as { table: string; vacuum: boolean }[];
  // the names come from the catalogue, quoted by format('%I'); VACUUM and ANALYZE take no parameters
  for (const { table, vacuum } of due) await database.query(`${vacuum ? 'vacuum (analyze)' : 'analyze'} ${table}`);
  return due;
}
