/**
 * The back office's API under /api/v1/backoffice: staff sign-in, the review queue, one
 * application with its decisions and audit trail, staff administration and the funnel.
 * Every route but login needs a staff session; the role is checked on the server each time.
 */
import { getApplicationRuleSet, moveApplicationRuleSet } from './application-rule-set.ts';
import {
  applicationReplySchema,
  approvalConfirmReplySchema,
  decisionBodySchema,
  decisionReplySchema,
  withdrawSendBackBodySchema,
} from '@ekyc/contracts/calls/backoffice-application';
import { funnelQuerySchema, funnelReplySchema } from '@ekyc/contracts/calls/backoffice-funnel';
import {
  staffLoginBodySchema,
  staffLoginReplySchema,
  staffLoginThrottledReplySchema,
  staffMemberReplySchema,
} from '@ekyc/contracts/calls/backoffice-login';
import { changePasswordBodySchema } from '@ekyc/contracts/calls/backoffice-password';
import { queueQuerySchema, queueReplySchema } from '@ekyc/contracts/calls/backoffice-queue';
import {
  assignBodySchema,
  bulkAcceptBodySchema,
  bulkAcceptReplySchema,
  claimReplySchema,
  nextQuerySchema,
  nextReplySchema,
  teamQuerySchema,
  teamReplySchema,
} from '@ekyc/contracts/calls/backoffice-operations';
import {
  addStaffBodySchema,
  resetStaffPasswordBodySchema,
  setStaffActiveBodySchema,
  setStaffRoleBodySchema,
  staffListReplySchema,
  unlockStaffReplySchema,
  acceptInvitationBodySchema,
} from '@ekyc/contracts/calls/backoffice-staff';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { fail, ok } from '../../lib/outcome.ts';
import { AppError } from '../../lib/errors.ts';
import { addStaff } from './add-staff.ts';
import { bulkAccept } from './bulk-accept.ts';
import { changeOwnPassword } from './change-own-password.ts';
import { assignApplication, claimApplication, nextApplication, releaseClaim } from './claims.ts';
import { queueCsv } from './export-queue.ts';
import { getTeamFigures } from './get-team-figures.ts';
import { confirmApproval } from './confirm-approval.ts';
import { withdrawSendBack } from './withdraw-send-back.ts';
import { backofficeFlowRoutes } from './flow-routes.ts';
import { decideStages } from './decide-stages.ts';
import { ensureFirstAdmin } from './ensure-first-admin.ts';
import { getApplication } from './get-application.ts';
import { evidenceBundle } from './evidence-bundle.ts';
import { getAuditTrail } from './get-audit-trail.ts';
import { getFunnel } from './get-funnel.ts';
import { listApplications } from './list-applications.ts';
import { listReviewers } from './list-reviewers.ts';
import { listStaff } from './list-staff.ts';
import { logInStaff, WRONG_CREDENTIALS } from './log-in-staff.ts';
import { reviewExtras } from './review-extras.ts';
import { ReviewWatch } from './review-watch.ts';
import { setStaffActive } from './set-staff-active.ts';
import { requireRole } from '../../auth/staff-guard.ts';
import { staffView } from './staff-view.ts';
import { LOCKED_OUT, SLOW_DOWN, throttleStaffLogin } from './throttle-staff-login.ts';
import { unlockStaff } from './unlock-staff.ts';
import { approveStaffRole } from './approve-staff-role.ts';
import { resetStaffMfa } from './reset-staff-mfa.ts';
import { resetStaffPassword } from './reset-staff-password.ts';
import { setStaffRole } from './set-staff-role.ts';
import { checkSecondFactor, readChallenge, startEnrolment } from './staff-mfa.ts';
import { acceptInvitation, INVITATION_INVALID } from './staff-invitations.ts';
import { confirmOwnEnrolment, startOwnEnrolment } from './enrol-own-mfa.ts';
import { staffOwnMfaConfirmBodySchema, staffOwnMfaConfirmReplySchema } from '@ekyc/contracts/calls/backoffice-own-mfa';
import {
  MFA_CHALLENGE_EXPIRED,
  staffMfaEnrolBodySchema,
  staffMfaEnrolReplySchema,
  staffMfaVerifyBodySchema,
  WRONG_MFA_CODE,
} from '@ekyc/contracts/calls/backoffice-mfa';
import { alsoFails, fileReply, replies, withInput } from '../../lib/replies.ts';
import { emptyReplySchema } from '@ekyc/contracts/envelope';
import { auditReplySchema } from '@ekyc/contracts/calls/backoffice-audit';
import { reviewersReplySchema } from '@ekyc/contracts/calls/backoffice-reviewers';
import { applicationRuleSetReplySchema, ruleSetMoveBodySchema } from '@ekyc/contracts/calls/backoffice-rule-set';
import { PUBLIC, TAG } from '../../lib/api-docs.ts';

export const BACKOFFICE_PREFIX = '/api/v1/backoffice';
const SECOND_FACTOR_DUE = 'Enter the code from your authenticator app';

const idParams = z.object({ id: z.string().max(64) });

export const backofficeRoutes: FastifyPluginAsyncZod = async (app) => {
  const { deps } = app;
  const reviewer = requireRole(app, 'reviewer');
  const admin = requireRole(app, 'admin');
  const compliance = requireRole(app, 'compliance');
  const supervisor = requireRole(app, 'supervisor');
  const signedIn = requireRole(app, 'reviewer', { beforePasswordChange: true });

  // the checker's queue, notes, closing cases and the reasons (issue 56)
  await app.register(backofficeFlowRoutes);

  const line = await ensureFirstAdmin(deps);
  if (line) app.log.warn(line);
  const watch = new ReviewWatch(deps);
  await watch.start();
  app.addHook('onClose', async () => watch.close());

  const loginLimit = {
    rateLimit: {
      max: deps.config.rateLimit.otpPerMinute,
      timeWindow: '1 minute',
      whenRedisDown: deps.config.redisDown.otpRateLimit,
    },
  };
  app.post(
    '/login',
    {
      schema: {
        operationId: 'log-in-staff',
        summary: 'Sign a staff member in: data.token is the staff token',
        description:
          'Wrong credentials are a handled refusal (200, status false). Repeated failures slow the account down and then lock it: 429 with data.retry_after and data.locked.',
        tags: [TAG.backOffice],
        security: PUBLIC,
        body: staffLoginBodySchema,
        response: { ...withInput(staffLoginReplySchema), 429: staffLoginThrottledReplySchema },
      },
      config: loginLimit,
    },
    async (req, reply) => {
      const result = await throttleStaffLogin(
        deps,
        req.body.email,
        () => logInStaff(deps, req.body),
        (data) => 'token' in data,
      );
      if (result.outcome === 'throttled')
        return reply
          .status(429)
          .header('retry-after', String(result.retryAfterSeconds))
          .send(
            fail(result.locked ? LOCKED_OUT : SLOW_DOWN, {
              locked: result.locked,
              retry_after: result.retryAfterSeconds,
            }),
          );
      if (result.outcome === 'refused') return fail(WRONG_CREDENTIALS, {});
      return 'token' in result.data ? ok('Signed in', result.data) : ok(SECOND_FACTOR_DUE, result.data);
    },
  );

  app.post(
    '/login/mfa/enrol',
    {
      schema: {
        operationId: 'enrol-staff-mfa',
        summary: 'Start enrolling a second factor (TOTP): a new secret, as text, otpauth URI and QR code',
        description:
          'For a sign-in whose challenge says mfa: enrol. The secret is confirmed by the first code sent to POST login/mfa; 401 when the challenge has expired.',
        tags: [TAG.backOffice],
        security: PUBLIC,
        body: staffMfaEnrolBodySchema,
        response: { ...withInput(staffMfaEnrolReplySchema), ...alsoFails(401) },
      },
      config: loginLimit,
    },
    async (req) => {
      const signIn = await readChallenge(deps, req.body.challenge, 'enrol');
      if (!signIn) throw new AppError('UNAUTHORIZED', MFA_CHALLENGE_EXPIRED);
      return ok('Scan the code with your authenticator app', await startEnrolment(deps, signIn.member));
    },
  );

  app.post(
    '/login/mfa',
    {
      schema: {
        operationId: 'verify-staff-mfa',
        summary: 'Complete a staff sign-in with the second factor: data.token is the staff token',
        description:
          "The challenge from login with a code from the authenticator app or a recovery code. The first code after enrolling confirms it and the reply carries the recovery codes, this once. A wrong code is a handled refusal (200, status false) and counts towards the account's lockout (429 as for login); 401 when the challenge has expired.",
        tags: [TAG.backOffice],
        security: PUBLIC,
        body: staffMfaVerifyBodySchema,
        response: { ...withInput(staffLoginReplySchema), 429: staffLoginThrottledReplySchema, ...alsoFails(401) },
      },
      config: loginLimit,
    },
    async (req, reply) => {
      const signIn = await readChallenge(deps, req.body.challenge);
      if (!signIn) throw new AppError('UNAUTHORIZED', MFA_CHALLENGE_EXPIRED);
      const result = await throttleStaffLogin(deps, signIn.member.email, () =>
        checkSecondFactor(deps, signIn.member, signIn.step, req.body.code),
      );
      if (result.outcome === 'throttled')
        return reply
          .status(429)
          .header('retry-after', String(result.retryAfterSeconds))
          .send(
            fail(result.locked ? LOCKED_OUT : SLOW_DOWN, {
              locked: result.locked,
              retry_after: result.retryAfterSeconds,
            }),
          );
      return result.outcome === 'signed-in' ? ok('Signed in', result.data) : fail(WRONG_MFA_CODE, {});
    },
  );

  app.post(
    '/invitation',
    {
      schema: {
        operationId: 'accept-staff-invitation',
        summary: 'Choose your own password through an invitation or password link: then sign in as usual',
        description:
          'The token from the link an admin had sent to the staff member (or the operator printed) and the password they choose. Answers like login: the second factor is due next (data.mfa) or data.token. A used, replaced or expired link is a handled refusal (200, status false); a guessable password is 400 naming it.',
        tags: [TAG.backOffice],
        security: PUBLIC,
        body: acceptInvitationBodySchema,
        response: withInput(staffLoginReplySchema),
      },
      config: loginLimit,
    },
    async (req) => {
      const result = await acceptInvitation(deps, req.body);
      if (!result) return fail(INVITATION_INVALID, {});
      return 'token' in result ? ok('Password set', result) : ok(SECOND_FACTOR_DUE, result);
    },
  );

  app.post(
    '/mfa/enrol',
    {
      schema: {
        operationId: 'enrol-own-staff-mfa',
        summary: 'Set up a second factor of your own accord: a new secret, as text, otpauth URI and QR code',
        description:
          'For a signed-in staff member without a second factor (STAFF_MFA=optional); 409 once enrolled. The first code sent to POST mfa/confirm enrols the account.',
        tags: [TAG.backOffice],
        response: { ...replies(staffMfaEnrolReplySchema), ...alsoFails(409) },
      },
      preHandler: reviewer,
    },
    async (req) => ok('Scan the code with your authenticator app', await startOwnEnrolment(deps, req.staffMember!)),
  );

  app.post(
    '/mfa/confirm',
    {
      schema: {
        operationId: 'confirm-own-staff-mfa',
        summary: 'Confirm your new second factor with its first code: your sign-in asks a code from then on',
        description:
          'The reply carries the recovery codes, this once. A wrong code is a handled refusal (200, status false); 409 once enrolled.',
        tags: [TAG.backOffice],
        body: staffOwnMfaConfirmBodySchema,
        response: { ...withInput(staffOwnMfaConfirmReplySchema), ...alsoFails(409) },
      },
      preHandler: reviewer,
    },
    async (req) => {
      const done = await confirmOwnEnrolment(deps, req.staffMember!, req.body.code);
      return done ? ok('Second factor set up', done) : fail(WRONG_MFA_CODE, {});
    },
  );

  app.post(
    '/logout',
    {
      schema: {
        operationId: 'log-out-staff',
        summary: 'Sign the staff member out: the token stops working',
        tags: [TAG.backOffice],
        response: replies(emptyReplySchema),
      },
      preHandler: app.requireStaff,
    },
    async (req) => {
      await deps.sessions.revoke(req.staff!.sessionId);
      return ok('Signed out', {});
    },
  );

  app.get(
    '/me',
    {
      schema: {
        operationId: 'get-signed-in-staff',
        summary: 'Read the signed-in staff member (role, whether a password change is due)',
        tags: [TAG.backOffice],
        response: replies(staffMemberReplySchema),
      },
      preHandler: signedIn,
    },
    async (req) => ok('Staff member', { staff: staffView(req.staffMember!) }),
  );

  app.post(
    '/password',
    {
      schema: {
        operationId: 'change-own-password',
        summary: "Change the signed-in staff member's own password",
        description:
          'The current password is checked under the sign-in throttle of the account: repeated wrong ones slow it down and lock it (429 with data.retry_after and data.locked).',
        tags: [TAG.backOffice],
        body: changePasswordBodySchema,
        response: withInput(staffMemberReplySchema),
      },
      preHandler: signedIn,
    },
    async (req) =>
      ok('Password changed', {
        staff: await changeOwnPassword(deps, req.staffMember!, req.staff!.sessionId, req.body),
      }),
  );

  app.get(
    '/applications',
    {
      schema: {
        operationId: 'list-applications',
        summary: 'List the applications of the review queue, filtered and paged, with counts by status',
        tags: [TAG.backOffice],
        querystring: queueQuerySchema,
        response: withInput(queueReplySchema),
      },
      preHandler: reviewer,
    },
    async (req) => ok('Applications', await listApplications(deps, req.query, req.staffMember!.id)),
  );

  app.get(
    '/applications/export',
    {
      schema: {
        operationId: 'export-applications',
        summary: 'Export the review queue, filtered as list-applications, as CSV',
        tags: [TAG.backOffice],
        querystring: queueQuerySchema,
        response: { 200: fileReply('The queue as a CSV file (an attachment)', 'text/csv') },
      },
      preHandler: reviewer,
    },
    async (req, reply) =>
      reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', 'attachment; filename="review-queue.csv"')
        .header('cache-control', 'no-store')
        .send(await queueCsv(deps, req.query, req.staffMember!.id)),
  );

  app.get(
    '/applications/next',
    {
      schema: {
        operationId: 'next-application',
        summary: 'The id of the next application for the signed-in reviewer to open',
        tags: [TAG.backOffice],
        querystring: nextQuerySchema,
        response: withInput(nextReplySchema),
      },
      preHandler: reviewer,
    },
    async (req) =>
      ok('Next application', { id: await nextApplication(deps, req.staffMember!, req.query.after ?? null) }),
  );

  app.post(
    '/applications/bulk-accept',
    {
      schema: {
        operationId: 'bulk-accept',
        summary: 'Accept every stage of several applications at once, with the result for each',
        tags: [TAG.backOffice],
        body: bulkAcceptBodySchema,
        response: withInput(bulkAcceptReplySchema),
      },
      preHandler: reviewer,
    },
    async (req) => ok('Bulk acceptance', { results: await bulkAccept(deps, req.staffMember!, req.body.ids) }),
  );

  app.get(
    '/applications/:id',
    {
      schema: {
        operationId: 'get-application',
        summary: "Read one application: its status, stages, sections, checks and its reviewer's claim",
        tags: [TAG.backOffice],
        params: idParams,
        response: withInput(applicationReplySchema),
      },
      preHandler: reviewer,
    },
    async (req) => {
      const data = await getApplication(deps, req.staffMember!, req.params.id, req.staff!.sessionId);
      return ok('Application', { ...data, ...(await reviewExtras(deps, req.staffMember!, req.params.id)) });
    },
  );

  app.post(
    '/applications/:id/claim',
    {
      schema: {
        operationId: 'claim-application',
        summary: 'Claim an application for review (409 when another staff member holds it)',
        tags: [TAG.backOffice],
        params: idParams,
        response: withInput(claimReplySchema),
      },
      preHandler: reviewer,
    },
    async (req) => ok('Application claimed', { claim: await claimApplication(deps, req.staffMember!, req.params.id) }),
  );

  app.post(
    '/applications/:id/release',
    {
      schema: {
        operationId: 'release-application',
        summary: "Release the signed-in reviewer's claim on an application",
        tags: [TAG.backOffice],
        params: idParams,
        response: withInput(claimReplySchema),
      },
      preHandler: reviewer,
    },
    async (req) => {
      await releaseClaim(deps, req.staffMember!, req.params.id);
      return ok('Application released', { claim: null });
    },
  );

  app.post(
    '/applications/:id/assign',
    {
      schema: {
        operationId: 'assign-application',
        summary: 'Assign an application to a staff member',
        tags: [TAG.backOffice],
        params: idParams,
        body: assignBodySchema,
        response: withInput(claimReplySchema),
      },
      preHandler: supervisor,
    },
    async (req) =>
      ok('Application assigned', {
        claim: await assignApplication(deps, req.staffMember!, req.params.id, req.body.staff_id),
      }),
  );

  app.post(
    '/applications/:id/decisions',
    {
      schema: {
        operationId: 'decide-stages',
        summary: "Accept, send back or reject an application's stages",
        tags: [TAG.backOffice],
        params: idParams,
        body: decisionBodySchema,
        response: withInput(decisionReplySchema),
      },
      preHandler: reviewer,
    },
    async (req) => {
      const result = await decideStages(deps, req.staffMember!, req.params.id, req.body.decisions, req.body.note);
      if (result.status === 'Rejected') await watch.watch(req.params.id);
      return ok('Decision saved', result);
    },
  );

  app.post(
    '/applications/:id/withdraw-send-back',
    {
      schema: {
        operationId: 'withdraw-send-back',
        summary: 'Withdraw the send-back of a stage the applicant has not resubmitted yet',
        tags: [TAG.backOffice],
        params: idParams,
        body: withdrawSendBackBodySchema,
        response: withInput(decisionReplySchema),
      },
      preHandler: reviewer,
    },
    async (req) =>
      ok('Send-back withdrawn', await withdrawSendBack(deps, req.staffMember!, req.params.id, req.body.stage)),
  );

  // The checker's step after every stage is accepted (four eyes: not the reviewer who accepted);
  // the registrations start then, and Completed follows their acceptance.
  app.post(
    '/applications/:id/confirm',
    {
      schema: {
        operationId: 'confirm-approval',
        summary: 'Confirm the approval once every stage is accepted: the registrations start',
        description:
          'Four eyes: a checker or an administrator, not the staff member who accepted the stages (403 otherwise).',
        tags: [TAG.backOffice],
        params: idParams,
        response: withInput(approvalConfirmReplySchema),
      },
      preHandler: reviewer,
    },
    async (req) =>
      ok('Approval confirmed', {
        ...(await confirmApproval(deps, req.staffMember!, req.params.id)),
        client_code: null,
      }),
  );

  app.get(
    '/applications/:id/rule-set',
    {
      schema: {
        operationId: 'get-application-rule-set',
        summary: 'Read the rule set an application is held to, and what moving it to today’s would change',
        tags: [TAG.backOffice],
        params: idParams,
        response: withInput(applicationRuleSetReplySchema),
      },
      preHandler: reviewer,
    },
    async (req) => ok('Rule set', await getApplicationRuleSet(deps, req.params.id)),
  );

  app.post(
    '/applications/:id/rule-set',
    {
      schema: {
        operationId: 'move-application-rule-set',
        summary: 'Move an application to another rule set (compliance or an administrator)',
        tags: [TAG.backOffice],
        params: idParams,
        body: ruleSetMoveBodySchema,
        response: withInput(applicationRuleSetReplySchema),
      },
      preHandler: compliance,
    },
    async (req) =>
      ok('Rule set moved', await moveApplicationRuleSet(deps, req.staffMember!.id, req.params.id, req.body.to)),
  );

  app.get(
    '/applications/:id/audit',
    {
      schema: {
        operationId: 'get-audit-trail',
        summary: "Read an application's audit trail",
        tags: [TAG.backOffice],
        params: idParams,
        response: withInput(auditReplySchema),
      },
      preHandler: reviewer,
    },
    async (req) => ok('Audit trail', await getAuditTrail(deps, req.params.id)),
  );

  app.get(
    '/applications/:id/evidence-bundle',
    {
      schema: {
        operationId: 'get-evidence-bundle',
        summary: "Download an application's sealed evidence bundle for an inspection (ZIP)",
        description:
          'Unmasked: compliance or an administrator only (403 otherwise); each download is audited, and one staff member downloads at most EVIDENCE_BUNDLES_PER_HOUR an hour (429 with Retry-After).',
        tags: [TAG.backOffice],
        params: idParams,
        response: {
          200: fileReply('The evidence bundle, a ZIP file (an attachment)', 'application/zip'),
          429: emptyReplySchema,
        },
      },
      preHandler: compliance,
    },
    async (req, reply) => {
      const bundle = await evidenceBundle(deps, req.staffMember!, req.params.id);
      return reply
        .header('content-type', 'application/zip')
        .header('content-disposition', `attachment; filename="${bundle.filename}"`)
        .header('cache-control', 'no-store')
        .send(bundle.bytes);
    },
  );

  app.get(
    '/funnel',
    {
      schema: {
        operationId: 'get-funnel',
        summary: 'The onboarding funnel: how many applicants reached and left each stage',
        tags: [TAG.backOffice],
        querystring: funnelQuerySchema,
        response: withInput(funnelReplySchema),
      },
      preHandler: reviewer,
    },
    async (req) => ok('Funnel', await getFunnel(deps, req.query)),
  );

  app.get(
    '/team',
    {
      schema: {
        operationId: 'get-team-figures',
        summary: "The review team's figures over the last days",
        tags: [TAG.backOffice],
        querystring: teamQuerySchema,
        response: withInput(teamReplySchema),
      },
      preHandler: reviewer,
    },
    async (req) => ok('Team figures', await getTeamFigures(deps, req.query.days)),
  );

  // Names of active staff, for the queue's "held by" filter and the admin's assignment.
  app.get(
    '/reviewers',
    {
      schema: {
        operationId: 'list-reviewers',
        summary: 'List the names of the active staff',
        tags: [TAG.backOffice],
        response: replies(reviewersReplySchema),
      },
      preHandler: reviewer,
    },
    async () => ok('Reviewers', { reviewers: await listReviewers(deps) }),
  );

  app.get(
    '/staff',
    {
      schema: {
        operationId: 'list-staff',
        summary: 'List the staff accounts',
        tags: [TAG.backOffice],
        response: replies(staffListReplySchema),
      },
      preHandler: admin,
    },
    async () => ok('Staff', { staff: await listStaff(deps) }),
  );

  app.post(
    '/staff',
    {
      schema: {
        operationId: 'add-staff',
        summary: 'Add a staff account: without a password the member is e-mailed an invitation to choose their own',
        description:
          'With four eyes a password is refused (400 naming it): the member always chooses their own through the invitation, and a checker, compliance or admin grant waits for a second admin (data.staff.pending_role). With four eyes off an admin may set a password, which its holder must change at the first sign-in.',
        tags: [TAG.backOffice],
        body: addStaffBodySchema,
        response: withInput(staffMemberReplySchema),
      },
      preHandler: admin,
    },
    async (req) => ok('Staff member added', { staff: await addStaff(deps, req.staffMember!, req.body) }),
  );

  app.post(
    '/staff/:id/active',
    {
      schema: {
        operationId: 'set-staff-active',
        summary: 'Enable or disable a staff account',
        tags: [TAG.backOffice],
        params: idParams,
        body: setStaffActiveBodySchema,
        response: withInput(staffMemberReplySchema),
      },
      preHandler: admin,
    },
    async (req) =>
      ok('Staff member updated', {
        staff: await setStaffActive(deps, req.staffMember!, req.params.id, req.body.active),
      }),
  );

  app.post(
    '/staff/:id/role',
    {
      schema: {
        operationId: 'set-staff-role',
        summary: "Change a staff member's role (with four eyes an admin or checker grant waits for a second admin)",
        tags: [TAG.backOffice],
        params: idParams,
        body: setStaffRoleBodySchema,
        response: withInput(staffMemberReplySchema),
      },
      preHandler: admin,
    },
    async (req) =>
      ok('Staff member updated', { staff: await setStaffRole(deps, req.staffMember!, req.params.id, req.body.role) }),
  );

  app.post(
    '/staff/:id/role/approve',
    {
      schema: {
        operationId: 'approve-staff-role',
        summary: 'Approve a waiting admin or checker grant (a second admin: not the one who asked, 403 otherwise)',
        tags: [TAG.backOffice],
        params: idParams,
        response: withInput(staffMemberReplySchema),
      },
      preHandler: admin,
    },
    async (req) => ok('Role granted', { staff: await approveStaffRole(deps, req.staffMember!, req.params.id) }),
  );

  app.post(
    '/staff/:id/mfa/reset',
    {
      schema: {
        operationId: 'reset-staff-mfa',
        summary: "Reset a staff member's second factor: they enrol again at the next sign-in",
        description:
          "With four eyes the first admin's call asks for the reset (data.staff.mfa_reset_pending) and a different admin's call carries it out; the same admin again gets 403.",
        tags: [TAG.backOffice],
        params: idParams,
        response: withInput(staffMemberReplySchema),
      },
      preHandler: admin,
    },
    async (req) => {
      const staff = await resetStaffMfa(deps, req.staffMember!, req.params.id);
      return ok(staff.mfa_reset_pending ? 'Reset waiting for a second administrator' : 'Second factor reset', {
        staff,
      });
    },
  );

  app.post(
    '/staff/:id/password',
    {
      schema: {
        operationId: 'reset-staff-password',
        summary: "Reset a staff member's password: without one the member is e-mailed a link to choose a new one",
        description:
          'The old password stops working and their sessions end. With four eyes a password is refused (400 naming it); with four eyes off an admin may set one, which its holder must change at the next sign-in.',
        tags: [TAG.backOffice],
        params: idParams,
        body: resetStaffPasswordBodySchema,
        response: withInput(staffMemberReplySchema),
      },
      preHandler: admin,
    },
    async (req) =>
      ok('Password reset', {
        staff: await resetStaffPassword(deps, req.staffMember!, req.params.id, req.body.password),
      }),
  );

  app.post(
    '/staff/:id/unlock',
    {
      schema: {
        operationId: 'unlock-staff',
        summary: 'Unlock a staff account locked after wrong passwords',
        tags: [TAG.backOffice],
        params: idParams,
        response: withInput(unlockStaffReplySchema),
      },
      preHandler: admin,
    },
    async (req) => ok('Staff member unlocked', { staff: await unlockStaff(deps, req.staffMember!, req.params.id) }),
  );

  app.get(
    '/staff/audit',
    {
      schema: {
        operationId: 'get-staff-audit-trail',
        summary: 'Read the audit trail of staff administration',
        tags: [TAG.backOffice],
        response: replies(auditReplySchema),
      },
      preHandler: admin,
    },
    async () => ok('Audit trail', await getAuditTrail(deps, 'staff')),
  );
};
