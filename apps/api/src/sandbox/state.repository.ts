/** The sandbox providers' shared state rows (see state.ts). */
import { and, eq, gt, lt, sql } from 'drizzle-orm';
import type { Tx } from '../db/client.ts';
import { sandboxState } from '../db/schema/sandbox.ts';

export const sandboxStateRepository = {
  /** Creates the row, or starts it over when the id is reused. */
  async put(tx: Tx, row: { kind: string; id: string; payloadEnc: string; expiresAt: Date }): Promise<void> {
    await tx
      .insert(sandboxState)
      .values(row)
      .onConflictDoUpdate({
        target: [sandboxState.kind, sandboxState.id],
        set: { payloadEnc: row.payloadEnc, expiresAt: row.expiresAt, version: sql`${sandboxState.version} + 1` },
      });
  },
  async find(
    tx: Tx,
    kind: string,
    id: string,
    now: Date,
  ): Promise<{ payloadEnc: string; version: number } | undefined> {
    const [row] = await tx
      .select({ payloadEnc: sandboxState.payloadEnc, version: sandboxState.version })
      .from(sandboxState)
      .where(and(eq(sandboxState.kind, kind), eq(sandboxState.id, id), gt(sandboxState.expiresAt, now)))
      .limit(1);
    return row;
  },
  /** Replaces the payload only if nobody changed it since `version` was read. */
  async replace(tx: Tx, kind: string, id: string, version: number, payloadEnc: string): Promise<boolean> {
    const rows = await tx
      .update(sandboxState)
      .set({ payloadEnc, version: version + 1 })
      .where(and(eq(sandboxState.kind, kind), eq(sandboxState.id, id), eq(sandboxState.version, version)))
      .returning({ version: sandboxState.version });
    return rows.length === 1;
  },
  /** Deletes a live row and returns its payload: a single-use grant is taken by one request only. */
  async take(tx: Tx, kind: string, id: string, now: Date): Promise<string | undefined> {
    const [row] = await tx
      .delete(sandboxState)
      .where(and(eq(sandboxState.kind, kind), eq(sandboxState.id, id)))
      .returning({ payloadEnc: sandboxState.payloadEnc, expiresAt: sandboxState.expiresAt });
    return row && row.expiresAt > now ? row.payloadEnc : undefined;
  },
  async purgeExpired(tx: Tx, now: Date): Promise<void> {
    await tx.delete(sandboxState).where(lt(sandboxState.expiresAt, now));
  },
};
