import { sendOtpReplySchema, sendOtpRequestSchema } from '@ekyc/contracts/calls/send-otp';
import { verifyOtpReplySchema, verifyOtpRequestSchema } from '@ekyc/contracts/calls/verify-otp';
import { verifyOtpEmailReplySchema, verifyOtpEmailRequestSchema } from '@ekyc/contracts/calls/verify-otp-email';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requestLanguage } from '../../lib/language.ts';
import { perTargetLimit } from './per-target-limit.ts';
import { sendOtp } from './send-otp.ts';
import { verifyEmailOtp } from './verify-email-otp.ts';
import { verifyMobileOtp } from './verify-mobile-otp.ts';
import { replies, withInput } from '../../lib/replies.ts';
import { logoutReplySchema } from '@ekyc/contracts/calls/logout';

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
      schema: { body: sendOtpRequestSchema, response: withInput(sendOtpReplySchema) },
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
      );
    },
  );

  app.post(
    '/verify-otp',
    {
      schema: { body: verifyOtpRequestSchema, response: withInput(verifyOtpReplySchema) },
      config: otpLimit,
      preHandler: perTarget,
    },
    async (req) =>
      verifyMobileOtp(deps, req.body, req.headers['user-agent'], requestLanguage(req.headers['accept-language'])),
  );

  app.post(
    '/verify-otp-email',
    {
      schema: { body: verifyOtpEmailRequestSchema, response: withInput(verifyOtpEmailReplySchema) },
      config: otpLimit,
      preHandler: [app.requireApplicant, perTarget],
    },
    async (req) => verifyEmailOtp(deps, req.applicant!.subjectId, req.body),
  );

  app.post(
    '/logout',
    { schema: { response: replies(logoutReplySchema) }, preHandler: app.requireApplicant },
    async (req) => {
      await deps.sessions.revoke(req.applicant!.sessionId);
      return { status: true, message: 'Signed out', data: { screen: '/' } };
    },
  );
};
