/**
 * OTP calls are limited per client address (the route's rate limit) and, here, per mobile number
 * or email: OTP_RATE_LIMIT_PER_MOBILE_PER_MINUTE sends and checks a minute for one target, from
 * however many addresses. The key is a keyed hash of the target (no number in Redis).
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../../lib/errors.ts';

function targetOf(body: unknown): string | null {
  const b = (body ?? {}) as { mobile?: unknown; email?: unknown };
  if (typeof b.mobile === 'string' && b.mobile) return `mobile:${b.mobile}`;
  if (typeof b.email === 'string' && b.email) return `email:${b.email.toLowerCase()}`;
  return null;
}

export function perTargetLimit(app: FastifyInstance) {
  const { config, hasher } = app.deps;
  const limiter = app.createRateLimit({
    max: config.rateLimit.otpPerMobilePerMinute,
    timeWindow: 60_000,
    keyGenerator: (req) => `otp-target:${hasher.hash('otp-rate-limit', targetOf(req.body) ?? '')}`,
  });
  return async (req: FastifyRequest, reply: FastifyReply) => {
    if (!targetOf(req.body)) return;
    const result = await limiter(req);
    if (result.isAllowed || !result.isExceeded) return;
    reply.header('retry-after', String(result.ttlInSeconds));
    throw new AppError('RATE_LIMITED', 'rateLimited');
  };
}
