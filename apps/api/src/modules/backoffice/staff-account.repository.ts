/**
 * Staff account control: the second factor (sealed TOTP secrets, the last code's time step, the
 * recovery codes' hashes), grants and second-factor resets waiting for a second admin, an admin's
 * password reset and the lockout kept in PostgreSQL (2700_staff_mfa_and_grants.sql).
 */
import { and, eq, gt, isNull, lt, or, sql } from 'drizzle-orm';
import type { Database, Tx } from '../../db/client.ts';
import { staff, staffInvitations, staffRecoveryCodes, type StaffRole } from '../../db/schema/backoffice.ts';
import type { StaffRow } from './staff.repository.ts';
import type { LockoutKeeper } from './login-throttle.ts';

const one = async (rows: Promise<StaffRow[]>) => (await rows)[0];

export const staffAccountRepository = {
  async setPendingSecret(tx: Tx, id: string, sealed: string): Promise<void> {
    await tx.update(staff).set({ mfaPendingSecret: sealed }).where(eq(staff.id, id));
  },
  /** The first code confirmed the pending secret: it becomes the account's, with fresh recovery codes. */
  async confirmEnrolment(tx: Tx, id: string, sealed: string, step: number, codeHashes: string[]): Promise<void> {
    await tx.transaction(async (t) => {
      await t
        .update(staff)
        .set({ mfaSecret: sealed, mfaPendingSecret: null, mfaEnrolledAt: new Date(), mfaLastStep: step })
        .where(eq(staff.id, id));
      await t.delete(staffRecoveryCodes).where(eq(staffRecoveryCodes.staffId, id));
      await t.insert(staffRecoveryCodes).values(codeHashes.map((codeHash) => ({ staffId: id, codeHash })));
    });
  },
  /** Records the time step of an accepted code; false when it (or a later one) was already used. */
  async useTimeStep(tx: Tx, id: string, step: number): Promise<boolean> {
    const rows = await tx
      .update(staff)
      .set({ mfaLastStep: step })
      .where(and(eq(staff.id, id), or(isNull(staff.mfaLastStep), lt(staff.mfaLastStep, step))))
      .returning({ id: staff.id });
    return rows.length === 1;
  },
  /** Spends a recovery code; false when it is not one of the account's unused codes. */
  async useRecoveryCode(tx: Tx, id: string, codeHash: string): Promise<boolean> {
    const rows = await tx
      .update(staffRecoveryCodes)
      .set({ usedAt: new Date() })
      .where(
        and(
          eq(staffRecoveryCodes.staffId, id),
          eq(staffRecoveryCodes.codeHash, codeHash),
          isNull(staffRecoveryCodes.usedAt),
        ),
      )
      .returning({ staffId: staffRecoveryCodes.staffId });
    return rows.length === 1;
  },
  async unusedRecoveryCodes(tx: Tx, id: string): Promise<number> {
    const [row] = await tx
      .select({ n: sql<number>`count(*)::int` })
      .from(staffRecoveryCodes)
      .where(and(eq(staffRecoveryCodes.staffId, id), isNull(staffRecoveryCodes.usedAt)));
    return Number(row?.n ?? 0);
  },
  async requestMfaReset(tx: Tx, id: string, by: string): Promise<StaffRow | undefined> {
    return one(tx.update(staff).set({ mfaResetRequestedBy: by }).where(eq(staff.id, id)).returning());
  },
  /** Forgets the account's second factor: it enrols again at its next sign-in. */
  async clearMfa(tx: Tx, id: string): Promise<StaffRow | undefined> {
    return tx.transaction(async (t) => {
      await t.delete(staffRecoveryCodes).where(eq(staffRecoveryCodes.staffId, id));
      return one(
        t
          .update(staff)
          .set({
            mfaSecret: null,
            mfaPendingSecret: null,
            mfaEnrolledAt: null,
            mfaLastStep: null,
            mfaResetRequestedBy: null,
          })
          .where(eq(staff.id, id))
          .returning(),
      );
    });
  },
  async requestRole(
    tx: Tx,
    id: string,
    role: Exclude<StaffRole, 'reviewer'>,
    by: string,
  ): Promise<StaffRow | undefined> {
    return one(tx.update(staff).set({ pendingRole: role, pendingRoleBy: by }).where(eq(staff.id, id)).returning());
  },
  /** Sets the role and drops any grant waiting for approval. */
  async setRole(tx: Tx, id: string, role: StaffRole): Promise<StaffRow | undefined> {
    return one(
      tx.update(staff).set({ role, pendingRole: null, pendingRoleBy: null }).where(eq(staff.id, id)).returning(),
    );
  },
  /** A new invitation; the account's earlier unused ones stop working. */
  async addInvitation(tx: Tx, row: typeof staffInvitations.$inferInsert): Promise<void> {
    await tx.transaction(async (t) => {
      await t
        .update(staffInvitations)
        .set({ usedAt: new Date() })
        .where(and(eq(staffInvitations.staffId, row.staffId), isNull(staffInvitations.usedAt)));
      await t.insert(staffInvitations).values(row);
    });
  },
  /**
   * Spends an unexpired, unused invitation and sets the password its holder chose (theirs: no
   * change due), in one transaction. Answers the account, or undefined when the link is not valid.
   */
  async acceptInvitation(tx: Tx, tokenHash: string, now: Date, passwordHash: string): Promise<StaffRow | undefined> {
    return tx.transaction(async (t) => {
      const [used] = await t
        .update(staffInvitations)
        .set({ usedAt: now })
        .where(
          and(
            eq(staffInvitations.tokenHash, tokenHash),
            isNull(staffInvitations.usedAt),
            gt(staffInvitations.expiresAt, now),
          ),
        )
        .returning({ staffId: staffInvitations.staffId, purpose: staffInvitations.purpose });
      if (!used) return undefined;
      return one(
        t
          .update(staff)
          .set({ passwordHash, passwordChangeRequired: false })
          .where(and(eq(staff.id, used.staffId), eq(staff.active, true)))
          .returning(),
      );
    });
  },
  /** The account with an unused invitation of this token (to judge the chosen password against its name). */
  async invitedBy(tx: Tx, tokenHash: string, now: Date): Promise<StaffRow | undefined> {
    const [row] = await tx
      .select({ staff })
      .from(staffInvitations)
      .innerJoin(staff, eq(staff.id, staffInvitations.staffId))
      .where(
        and(
          eq(staffInvitations.tokenHash, tokenHash),
          isNull(staffInvitations.usedAt),
          gt(staffInvitations.expiresAt, now),
        ),
      );
    return row?.staff;
  },
  /** A reset: a password an admin set (its holder must replace it), or one nobody knows until the link is used. */
  async resetPassword(
    tx: Tx,
    id: string,
    passwordHash: string,
    changeRequired: boolean,
  ): Promise<StaffRow | undefined> {
    return one(
      tx
        .update(staff)
        .set({ passwordHash, passwordChangeRequired: changeRequired })
        .where(eq(staff.id, id))
        .returning(),
    );
  },
};

/** The sign-in throttle's lockouts of known accounts, kept in the staff table (login-throttle.ts). */
export const staffLockoutKeeper = (database: Database): LockoutKeeper => ({
  async lockedUntil(email) {
    const [row] = await database.db
      .select({ until: staff.loginLockedUntil })
      .from(staff)
      .where(eq(staff.email, email))
      .limit(1);
    return row?.until?.getTime() ?? 0;
  },
  async keep(email, until) {
    await database.db
      .update(staff)
      .set({ loginLockedUntil: until === null ? null : new Date(until) })
      .where(eq(staff.email, email));
  },
});
