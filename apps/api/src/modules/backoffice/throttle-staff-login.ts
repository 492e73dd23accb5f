/**
 * Wraps a staff sign-in step with the per-account throttle: refused while the account waits or is
 * locked out (without checking the password or code); a completed sign-in clears the count. A
 * right password that still owes a second factor (`complete` false) stays counted, so password and
 * code guesses share one budget. The attempt that locks the account is audited
 * ('staff.locked_out') and counted (ekyc_staff_lockouts_total).
 */
import type { BackofficeDeps } from './deps.ts';
import { auditRepository as auditRepo } from './audit.repository.ts';
import { staffRepository as staffRepo } from './staff.repository.ts';

export type ThrottledLogin<T> =
  | { outcome: 'signed-in'; data: T }
  | { outcome: 'refused' }
  | { outcome: 'throttled'; locked: boolean; retryAfterSeconds: number };

export const LOCKED_OUT =
  'Too many wrong passwords: this account is locked. Try again later or ask an administrator to unlock it.';
export const SLOW_DOWN = 'Too many sign-in attempts. Please wait a moment and try again.';

export async function throttleStaffLogin<T>(
  deps: Pick<BackofficeDeps, 'database' | 'staffLoginThrottle' | 'metrics' | 'config'>,
  email: string,
  logIn: () => Promise<T | null>,
  complete: (data: T) => boolean = () => true,
): Promise<ThrottledLogin<T>> {
  const gate = await deps.staffLoginThrottle.begin(email);
  if (!gate.allowed) return { outcome: 'throttled', locked: gate.locked, retryAfterSeconds: gate.retryAfterSeconds };
  const data = await logIn();
  if (data && complete(data)) {
    await deps.staffLoginThrottle.succeeded(email);
    return { outcome: 'signed-in', data };
  }
  if (!data) await deps.staffLoginThrottle.failed(email);
  if (gate.locksOnFailure) {
    deps.metrics.staffLockouts.inc();
    const db = deps.database.db;
    const member = await staffRepo.staffByEmail(db, email);
    await auditRepo.appendAudit(db, {
      chain: 'staff',
      applicantId: null,
      actorKind: 'system',
      actorId: member?.id ?? null,
      action: 'staff.locked_out',
      after: {
        email,
        failures: deps.config.staffLogin.maxFailures,
        locked_for_seconds: deps.config.staffLogin.lockoutSeconds,
      },
    });
  }
  return data ? { outcome: 'signed-in', data } : { outcome: 'refused' };
}
