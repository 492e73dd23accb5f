/**
 * The checker activates an approved application: a client code is issued, the review status
 * becomes Completed ("Your Account is Active.") and the applicant is told by SMS and email.
 * With four eyes on, the reviewer who accepted the stages may not activate.
 */
import { MSG } from '@ekyc/contracts/messages';
import { randomInt } from 'node:crypto';
import type { AppDeps } from '../../app-deps.ts';
import { AppError } from '../../lib/errors.ts';
import { dltValue } from '../../providers/messaging/port.ts';
import { assertChecker, makersOf, standingOrNotFound } from './approval.ts';
import { backofficeRepository as repo, type StaffRow } from './backoffice.repository.ts';
import { endClaim, holdForDecision } from './claims.ts';
import { notifyApplicant } from './notify-applicant.ts';
import { setReview } from './set-review.ts';

type Deps = Pick<AppDeps, 'database' | 'records' | 'messaging' | 'config'>;

const CODE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
/** A client code: two letters of the broker and eight random characters (about 10^12 codes). */
export function newClientCode(): string {
  let code = 'EK';
  for (let i = 0; i < 8; i += 1) code += CODE_ALPHABET[randomInt(CODE_ALPHABET.length)];
  return code;
}

export async function activateAccount(
  deps: Deps,
  staff: StaffRow,
  applicantId: string,
): Promise<{ status: 'Completed'; client_code: string }> {
  const db = deps.database.db;
  await standingOrNotFound(db, applicantId);
  const clientCode = await db.transaction(async (tx) => {
    await holdForDecision(deps, tx, staff, applicantId);
    await repo.actAs(tx, staff.id);
    await deps.records.lock(applicantId, tx);
    const standing = await standingOrNotFound(tx, applicantId);
    if (standing.status !== 'Approved')
      throw new AppError('CONFLICT', 'Only an approved application can be activated.', { status: standing.status });
    // The activation is recorded once: a second checker activating at the same moment finds it.
    const trail = await repo.auditChain(tx, applicantId);
    if (trail.some((e) => e.action === 'application.activated'))
      throw new AppError('CONFLICT', 'Only an approved application can be activated.', { status: 'Completed' });
    assertChecker(deps.config.fourEyes, await makersOf(tx, applicantId), staff.id);
    const code = newClientCode();
    await repo.appendAudit(tx, {
      chain: applicantId,
      applicantId,
      actorKind: 'staff',
      actorId: staff.id,
      action: 'application.activated',
      after: { client_code: code },
    });
    return code;
  });
  await deps.records.update(applicantId, { clientCode });

  await setReview(deps, staff.id, applicantId, { status: 'Completed', text: MSG.statusActive });
  await endClaim(deps, applicantId);
  await notifyApplicant(
    deps,
    applicantId,
    'activation',
    `${MSG.statusActive} Your client code is ${clientCode}.`,
    'Your account is active',
    {
      date: new Date().toLocaleDateString('en-GB', { timeZone: 'Asia/Kolkata' }),
      client_code: dltValue(clientCode),
    },
  );
  return { status: 'Completed', client_code: clientCode };
}
