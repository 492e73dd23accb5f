/** The sandbox account aggregator's own store of consent requests. */
import { eq } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { sandboxAaConsents } from '../../db/schema/segment.ts';

export type SandboxConsentRow = typeof sandboxAaConsents.$inferSelect;

export const sandboxConsentRepository = {
  async insert(tx: Tx, values: { consentHandle: string; txnid: string; customerId: string; detailJson: string }) {
    await tx.insert(sandboxAaConsents).values({ ...values, status: 'PENDING' });
  },
  async find(tx: Tx, consentHandle: string): Promise<SandboxConsentRow | undefined> {
    const [row] = await tx
      .select()
      .from(sandboxAaConsents)
      .where(eq(sandboxAaConsents.consentHandle, consentHandle))
      .limit(1);
    return row;
  },
  async decide(tx: Tx, consentHandle: string, status: 'ACTIVE' | 'REJECTED', consentId: string | null) {
    await tx
      .update(sandboxAaConsents)
      .set({ status, consentId, updatedAt: new Date() })
      .where(eq(sandboxAaConsents.consentHandle, consentHandle));
  },
};
