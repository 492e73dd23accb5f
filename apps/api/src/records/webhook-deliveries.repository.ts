/** The provider webhooks seen (2711_webhook_deliveries.sql): a delivery is taken once. */
import { and, eq, lt } from 'drizzle-orm';
import type { Tx } from '../db/client.ts';
import { webhookDeliveries } from '../db/schema/bank.ts';

export const webhookDeliveriesRepository = {
  /**
   * Records a delivery; false when it was seen already (a replay). Rows older than `forgetBefore`
   * go first: a notification that old is refused by its timestamp anyway.
   */
  async firstSeen(tx: Tx, provider: string, deliveryHash: string, now: Date, forgetBefore: Date): Promise<boolean> {
    await tx
      .delete(webhookDeliveries)
      .where(and(eq(webhookDeliveries.provider, provider), lt(webhookDeliveries.receivedAt, forgetBefore)));
    const taken = await tx
      .insert(webhookDeliveries)
      .values({ provider, deliveryHash, receivedAt: now })
      .onConflictDoNothing()
      .returning({ h: webhookDeliveries.deliveryHash });
    return taken.length === 1;
  },
  /** Forgets a delivery whose handling failed, so the provider's retry is taken. */
  async forget(tx: Tx, provider: string, deliveryHash: string): Promise<void> {
    await tx
      .delete(webhookDeliveries)
      .where(and(eq(webhookDeliveries.provider, provider), eq(webhookDeliveries.deliveryHash, deliveryHash)));
  },
};
