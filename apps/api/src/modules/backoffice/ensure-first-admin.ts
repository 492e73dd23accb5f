/**
 * The first staff account (contract): from BACKOFFICE_ADMIN_EMAIL and BACKOFFICE_ADMIN_PASSWORD
 * when no staff exists yet. In sandbox mode with neither set, a random password is generated and
 * returned once to be printed; outside sandbox mode no default password exists, and the one from
 * the environment must be replaced at the first sign-in before anything else.
 */
import { randomBytes } from 'node:crypto';
import type { BackofficeDeps } from './deps.ts';
import { auditRepository as auditRepo } from './audit.repository.ts';
import { staffRepository as staffRepo } from './staff.repository.ts';
import { hashPassword } from './password.ts';

export const SANDBOX_ADMIN_EMAIL = 'admin@backoffice.local';

export async function ensureFirstAdmin(deps: Pick<BackofficeDeps, 'config' | 'database'>): Promise<string | null> {
  const { email, password } = deps.config.backofficeAdmin;
  const db = deps.database.db;
  if ((await staffRepo.countStaff(db)) > 0) return null;
  let account: { email: string; password: string; generated: boolean } | null = null;
  if (email && password) account = { email: email.toLowerCase(), password, generated: false };
  else if (!email && !password && deps.config.sandbox)
    account = { email: SANDBOX_ADMIN_EMAIL, password: randomBytes(12).toString('base64url'), generated: true };
  if (!account) return null;
  const created = await staffRepo.insertStaff(db, {
    email: account.email,
    name: 'Administrator',
    role: 'admin',
    passwordHash: await hashPassword(account.password, deps.config.staffPasswordLogN),
    createdBy: null,
    passwordChangeRequired: !deps.config.sandbox,
  });
  if (!created) return null;
  await auditRepo.appendAudit(db, {
    chain: 'staff',
    applicantId: null,
    actorKind: 'system',
    actorId: null,
    action: 'staff.bootstrap',
    after: { id: created.id, email: created.email, role: created.role },
  });
  return account.generated
    ? `Back office (sandbox): sign in at /backoffice/ as ${account.email} with the password ${account.password}`
    : null;
}
