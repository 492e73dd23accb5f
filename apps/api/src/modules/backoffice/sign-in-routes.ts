/**
 * Staff sign-in: password, second factor, invitations, one's own second factor and password, sign-out.
 * Registered by routes.ts under /api/v1/backoffice; each route parses, calls one use-case and maps its result.
 */
import {
  staffLoginBodySchema,
  staffLoginReplySchema,
  staffLoginThrottledReplySchema,
  staffMemberReplySchema,
} from '@ekyc/contracts/calls/backoffice-login';
import {
  MFA_CHALLENGE_EXPIRED,
  staffMfaEnrolBodySchema,
  staffMfaEnrolReplySchema,
  staffMfaVerifyBodySchema,
  WRONG_MFA_CODE,
} from '@ekyc/contracts/calls/backoffice-mfa';
import { staffOwnMfaConfirmBodySchema, staffOwnMfaConfirmReplySchema } from '@ekyc/contracts/calls/backoffice-own-mfa';
import { changePasswordBodySchema } from '@ekyc/contracts/calls/backoffice-password';
import { acceptInvitationBodySchema } from '@ekyc/contracts/calls/backoffice-staff';
import { emptyReplySchema } from '@ekyc/contracts/envelope';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireRole } from '../../auth/staff-guard.ts';
import { PUBLIC, TAG } from '../../lib/api-docs.ts';
import { AppError } from '../../lib/errors.ts';
import { plainFail, plainOk } from '../../lib/outcome.ts';
import { alsoFails, replies, withInput } from '../../lib/replies.ts';
import { changeOwnPassword } from './change-own-password.ts';
import { confirmOwnEnrolment, startOwnEnrolment } from './enrol-own-mfa.ts';
import { logInStaff, WRONG_CREDENTIALS } from './log-in-staff.ts';
import { acceptInvitation, INVITATION_INVALID } from './staff-invitations.ts';
import { checkSecondFactor, readChallenge, startEnrolment } from './staff-mfa.ts';
import { staffView } from './staff-view.ts';
import { LOCKED_OUT, SLOW_DOWN, throttleStaffLogin } from './throttle-staff-login.ts';

const SECOND_FACTOR_DUE = 'Enter the code from your authenticator app';

export const signInRoutes: FastifyPluginAsyncZod = async (app) => {
  const { deps } = app;
  const reviewer = requireRole(app, 'reviewer');
  const signedIn = requireRole(app, 'reviewer', { beforePasswordChange: true });
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
            plainFail(result.locked ? LOCKED_OUT : SLOW_DOWN, {
              locked: result.locked,
              retry_after: result.retryAfterSeconds,
            }),
          );
      if (result.outcome === 'refused') return plainFail(WRONG_CREDENTIALS, {});
      return 'token' in result.data ? plainOk('Signed in', result.data) : plainOk(SECOND_FACTOR_DUE, result.data);
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
      return plainOk('Scan the code with your authenticator app', await startEnrolment(deps, signIn.member));
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
            plainFail(result.locked ? LOCKED_OUT : SLOW_DOWN, {
              locked: result.locked,
              retry_after: result.retryAfterSeconds,
            }),
          );
      return result.outcome === 'signed-in' ? plainOk('Signed in', result.data) : plainFail(WRONG_MFA_CODE, {});
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
      if (!result) return plainFail(INVITATION_INVALID, {});
      return 'token' in result ? plainOk('Password set', result) : plainOk(SECOND_FACTOR_DUE, result);
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
    async (req) =>
      plainOk('Scan the code with your authenticator app', await startOwnEnrolment(deps, req.staffMember!)),
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
      return done ? plainOk('Second factor set up', done) : plainFail(WRONG_MFA_CODE, {});
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
      return plainOk('Signed out', {});
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
    async (req) => plainOk('Staff member', { staff: staffView(req.staffMember!) }),
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
      plainOk('Password changed', {
        staff: await changeOwnPassword(deps, req.staffMember!, req.staff!.sessionId, req.body),
      }),
  );
};
