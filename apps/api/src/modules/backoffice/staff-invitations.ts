/**
 * Staff invitations: a member sets their own password through a one-time link sent to their own
 * e-mail address, so no admin ever chooses, sees or could use it (four eyes on account control:
 * an admin who knew a checker's first password could sign in as that checker). The token is 256
 * random bits, kept only as a keyed hash, valid STAFF_INVITATION_HOURS and once; a new one voids
 * the account's earlier ones. Accepting it sets the password and goes on like a sign-in: the
 * second factor is enrolled or asked next.
 */
import type { StaffLoginData } from '@ekyc/contracts/calls/backoffice-login';
import type { StaffMfaChallenge } from '@ekyc/contracts/calls/backoffice-mfa';
import type { BackofficeDeps } from './deps.ts';
import { invalidField } from '../../lib/errors.ts';
import { randomToken } from '../../lib/crypto.ts';
import { auditRepository as repo } from './audit.repository.ts';
import type { StaffRow } from './staff.repository.ts';
import { hashPassword } from './password.ts';
import { weakPasswordReason } from './password-policy.ts';
import { staffAccountRepository as accounts } from './staff-account.repository.ts';
import { issueChallenge, mfaStepFor, openStaffSession } from './staff-mfa.ts';

export type InvitationPurpose = 'join' | 'password';
type Deps = Pick<BackofficeDeps, 'database' | 'config' | 'hasher' | 'messaging' | 'now'>;

export const INVITATION_INVALID =
  'This link is not valid any more (used, replaced or expired). Ask an administrator for a new one.';

const tokenHash = (deps: Pick<BackofficeDeps, 'hasher'>, token: string) => deps.hasher.hash('staff-invitation', token);

/** A password nobody knows: the account cannot sign in until its holder sets one through the link. */
export const unusablePassword = (deps: Pick<BackofficeDeps, 'config'>) =>
  hashPassword(randomToken(), deps.config.staffPasswordLogN);

/**
 * Makes an invitation for the account and answers its link. `by` is the admin who asked, or null
 * for the operator's command on the server; `send` mails the link to the member (the admin's path),
 * while the operator's command prints it instead.
 */
export async function inviteStaff(
  deps: Deps,
  member: StaffRow,
  purpose: InvitationPurpose,
  by: string | null,
  send: boolean,
): Promise<string> {
  const token = randomToken();
  const now = deps.now();
  await accounts.addInvitation(deps.database.db, {
    staffId: member.id,
    tokenHash: tokenHash(deps, token),
    purpose,
    createdBy: by,
    createdAt: new Date(now),
    expiresAt: new Date(now + deps.config.staffInvitationHours * 3_600_000),
  });
  // in the fragment: never sent to a server, so never in an access log or a Referer
  const link = `${deps.config.publicUrl}/backoffice/invitation#token=${token}`;
  if (send) {
    const hours = deps.config.staffInvitationHours;
    const text =
      purpose === 'join'
        ? `Hello ${member.name},\n\nYou have been added to the back office as ${member.email}. Choose your own password and set up your authenticator app here (the link works once, for ${hours} hours):\n\n${link}\n\nNobody else knows this link; do not forward it.`
        : `Hello ${member.name},\n\nAn administrator reset your back-office password. Choose a new one here (the link works once, for ${hours} hours):\n\n${link}\n\nIf you did not ask for this, tell your administrator.`;
    await deps.messaging.send({
      channel: 'email',
      to: member.email,
      template: 'staff_invitation',
      subject: purpose === 'join' ? 'Your back-office account' : 'Your back-office password',
      text,
    });
  }
  await repo.appendAudit(deps.database.db, {
    chain: 'staff',
    applicantId: null,
    actorKind: by ? 'staff' : 'system',
    actorId: by,
    action: 'staff.invited',
    after: { id: member.id, purpose, by: by ?? 'operator', sent: send },
  });
  return link;
}

/**
 * The invitee's own password through the link: refused when the link is not valid (null) or the
 * password is guessable (400 naming it); then the sign-in goes on with the second factor.
 */
export async function acceptInvitation(
  deps: Deps & Pick<BackofficeDeps, 'sessions' | 'cipher'>,
  input: { token: string; password: string },
): Promise<StaffLoginData | StaffMfaChallenge | null> {
  const db = deps.database.db;
  const now = new Date(deps.now());
  const hash = tokenHash(deps, input.token);
  const invited = await accounts.invitedBy(db, hash, now);
  if (!invited?.active) return null;
  const weak = await weakPasswordReason(input.password, deps.config.staffPasswordMinScore, [
    invited.email,
    invited.name,
  ]);
  if (weak) throw invalidField('password', weak);
  const member = await accounts.acceptInvitation(
    db,
    hash,
    now,
    await hashPassword(input.password, deps.config.staffPasswordLogN),
  );
  if (!member) return null;
  await deps.sessions.revokeAll('staff', member.id);
  await repo.appendAudit(db, {
    chain: 'staff',
    applicantId: null,
    actorKind: 'staff',
    actorId: member.id,
    action: 'staff.invitation_accepted',
    after: { id: member.id },
  });
  const step = mfaStepFor(deps.config, member);
  return step ? issueChallenge(deps, member, step) : openStaffSession(deps, member);
}
