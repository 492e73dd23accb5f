/** The sandbox providers' shared state rows (see state.ts). */
import { and, eq, gt, lt, sql } from 'drizzle-orm';
import type { Tx } from '../db/client.ts';
import { prepared } from '../db/prepared.ts';
import { sandboxState } from '../db/schema/sandbox.ts';

export const sandboxStateRepository = {
  /** Creates the row, or starts it over when the id is reused. */
  async put(tx: Tx, row: { kind: string; id: string; payloadEnc: string; expiresAt: Date }): Promise<void> {
    const query = prepared(tx, 'sandbox_state_put', (db, name) =>
      db
        .insert(sandboxState)
        .values({
          kind: sql.placeholder('kind'),
          id: sql.placeholder('id'),
          payloadEnc: sql.placeholder('payloadEnc'),
          expiresAt: sql.placeholder('expiresAt'),
        })
        .onConflictDoUpdate({
          target: [sandboxState.kind, sandboxState.id],
          set: {
            payloadEnc: sql`excluded.payload_enc`,
            expiresAt: sql`excluded.expires_at`,
            version: sql`${sandboxState.version} + 1`,
          },
        })
        .prepare(name),
    );
    await query.execute(row);
  },
  async find(
    tx: Tx,
    kind: string,
    id: string,
    now: Date,
  ): Promise<{ payloadEnc: string; version: number } | undefined> {
    const query = prepared(tx, 'sandbox_state_find', (db, name) =>
      db
        .select({ payloadEnc: sandboxState.payloadEnc, version: sandboxState.version })
        .from(sandboxState)
        .where(
          and(
            eq(sandboxState.kind, sql.placeholder('kind')),
            eq(sandboxState.id, sql.placeholder('id')),
            gt(sandboxState.expiresAt, sql.placeholder('now')),
          ),
        )
        .limit(1)
        .prepare(name),
    );
    const [row] = await query.execute({ kind, id, now });
    return row;
  },
  /** Replaces the payload only if nobody changed it since `version` was read. */
  async replace(tx: Tx, kind: string, id: string, version: number, payloadEnc: string): Promise<boolean> {
    const query = prepared(tx, 'sandbox_state_replace', (db, name) =>
      db
        .update(sandboxState)
        .set({ payloadEnc: sql`${sql.placeholder('payloadEnc')}`, version: sql`${sandboxState.version} + 1` })
        .where(
          and(
            eq(sandboxState.kind, sql.placeholder('kind')),
            eq(sandboxState.id, sql.placeholder('id')),
            eq(sandboxState.version, sql.placeholder('version')),
          ),
        )
        .returning({ version: sandboxState.version })
        .prepare(name),
    );
    const rows = await query.execute({ kind, id, version, payloadEnc });
    return rows.length === 1;
  },
  /** Deletes a live row and returns its payload: a single-use grant is taken by one request only. */
  async take(tx: Tx, kind: string, id: string, now: Date): Promise<string | undefined> {
    const query = prepared(tx, 'sandbox_state_take', (db, name) =>
      db
        .delete(sandboxState)
        .where(and(eq(sandboxState.kind, sql.placeholder('kind')), eq(sandboxState.id, sql.placeholder('id'))))
        .returning({ payloadEnc: sandboxState.payloadEnc, expiresAt: sandboxState.expiresAt })
        .prepare(name),
    );
    const [row] = await query.execute({ kind, id });
    return row && row.expiresAt > now ? row.payloadEnc : undefined;
  },
  async purgeExpired(tx: Tx, now: Date): Promise<void> {
    await tx.delete(sandboxState).where(lt(sandboxState.expiresAt, now));
  },
};
