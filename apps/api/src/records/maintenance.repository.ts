/** Bulk reads and writes for operations (key rotation): the only ORM access outside the request path. */
import { asc, eq, gt } from 'drizzle-orm';
import type { Tx } from '../db/client.ts';
import { applicants, applicantSections, files } from '../db/schema/core.ts';
import { and } from 'drizzle-orm';

export const maintenanceRepository = {
  async applicantsAfter(tx: Tx, afterId: string, limit: number) {
    return tx
      .select({ id: applicants.id, mobileEnc: applicants.mobileEnc, emailEnc: applicants.emailEnc })
      .from(applicants)
      .where(gt(applicants.id, afterId))
      .orderBy(asc(applicants.id))
      .limit(limit);
  },
  async setApplicantSealed(tx: Tx, id: string, mobileEnc: string, emailEnc: string | null) {
    await tx.update(applicants).set({ mobileEnc, emailEnc }).where(eq(applicants.id, id));
  },
  async sectionsOf(tx: Tx, applicantId: string) {
    return tx.select().from(applicantSections).where(eq(applicantSections.applicantId, applicantId));
  },
  async setSectionSealed(tx: Tx, applicantId: string, name: string, payloadEnc: string) {
    await tx
      .update(applicantSections)
      .set({ payloadEnc })
      .where(and(eq(applicantSections.applicantId, applicantId), eq(applicantSections.name, name)));
  },
  async filesAfter(tx: Tx, afterId: string, limit: number) {
    return tx
      .select({ id: files.id, storageKey: files.storageKey })
      .from(files)
      .where(gt(files.id, afterId))
      .orderBy(asc(files.id))
      .limit(limit);
  },
};
