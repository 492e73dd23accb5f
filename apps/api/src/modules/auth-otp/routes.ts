import { sendOtpReplySchema, sendOtpRequestSchema } from '@ekyc/contracts/calls/send-otp';
import { verifyOtpReplySchema, verifyOtpRequestSchema } from '@ekyc/contracts/calls/verify-otp';
import { verifyOtpEmailReplySchema, verifyOtpEmailRequestSchema } from '@ekyc/contracts/calls/verify-otp-email';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requestLanguage } from '../../lib/language.ts';
import { perTargetLimit } from './per-target-limit.ts';
import { sendOtp } from './send-otp.ts';
import { verifyEmailOtp } from './verify-email-otp.ts';
import { verifyMobileOtp } from './verify-mobile-otp.ts';
import { ok } from '../../lib/outcome.ts';
import { replies, withInput } from '../../lib/replies.ts';
import { logoutReplySchema } from '@ekyc/contracts/calls/logout';
import { OPTIONAL_APPLICANT, PUBLIC, TAG } from '../../lib/api-docs.ts';
import { ROUTE } from '@ekyc/contracts/stages';

export const authOtpRoutes: FastifyPluginAsyncZod = async (app) => {
  const { deps } = app;
  // per client address (one count for the three OTP routes, across processes) and per mobile
  // number or email (whatever the address)
  const otpLimit = {
    rateLimit: {
      groupId: 'otp',
      max: deps.config.rateLimit.otpPerMinute,
      timeWindow: '1 minute',
      whenRedisDown: deps.config.redisDown.otpRateLimit,
    },
  };
  const perTarget = perTargetLimit(app);

  app.post(
    '/send-otp',
    {
      schema: {
        operationId: 'send-otp',
        summary: 'Send an OTP to the mobile number (signed out) or to a new email (signed in)',
        description:
          "Signed out, `mobile` gets the OTP by SMS, and by WhatsApp too with `whatspp_opt` (the spec's spelling of whatsapp_opt). With the applicant's token, `email` gets it at the email stage. A resend within the countdown is refused with 429 and data.resend_after.",
        tags: [TAG.applicant],
        security: OPTIONAL_APPLICANT,
        body: sendOtpRequestSchema,
        response: withInput(sendOtpReplySchema),
      },
      config: otpLimit,
      preHandler: perTarget,
    },
    async (req) => {
      const session = await app.optionalApplicant(req);
      return sendOtp(
        deps,
        req.body,
        session?.subjectId ?? null,
        requestLanguage(req.headers['accept-language']) ?? 'en',
        req.log,
      );
    },
  );

  app.post(
    '/verify-otp',
    {
      schema: {
        operationId: 'verify-otp',
        summary: "Check the mobile OTP and sign in: data.token is the applicant's token",
        tags: [TAG.applicant],
        security: PUBLIC,
        body: verifyOtpRequestSchema,
        response: withInput(verifyOtpReplySchema),
      },
      config: otpLimit,
      preHandler: perTarget,
    },
    async (req) =>
      verifyMobileOtp(deps, req.body, req.headers['user-agent'], requestLanguage(req.headers['accept-language'])),
  );

  app.post(
    '/verify-otp-email',
    {
      schema: {
        operationId: 'verify-otp-email',
        summary: "Check the email OTP: the email becomes the applicant's",
        tags: [TAG.applicant],
        body: verifyOtpEmailRequestSchema,
        response: withInput(verifyOtpEmailReplySchema),
      },
      config: otpLimit,
      preHandler: [app.requireApplicant, perTarget],
    },
    async (req) => verifyEmailOtp(deps, req.applicant!.subjectId, req.body),
  );

  app.post(
    '/logout',
    {
      schema: {
        operationId: 'logout',
        summary: 'Sign the applicant out: the token stops working',
        tags: [TAG.applicant],
        response: replies(logoutReplySchema),
      },
      preHandler: app.requireApplicant,
    },
    async (req) => {
      await deps.sessions.revoke(req.applicant!.sessionId);
      return ok('signedOut', { screen: ROUTE.signUp });
    },
  );
};
