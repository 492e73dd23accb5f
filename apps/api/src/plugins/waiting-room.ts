/**
 * The sign-up waiting room for a surge (an IPO day): while this process is saturated, a new
 * sign-up (the signed-out OTP request of a mobile number with no application yet) is told to wait:
 * 503 in the envelope, code `waitingRoom`, with Retry-After and `data.retry_after`, and the web's
 * sign-up page waits and tries again by itself. Applicants already signed in, and returning ones
 * whose number has an application, go through: nobody mid-journey is turned away.
 *
 * Saturated means more API calls in progress in this process than WAITING_ROOM_MAX_IN_FLIGHT, or
 * an event-loop delay above WAITING_ROOM_MAX_EVENT_LOOP_DELAY_MS (measured by
 * @fastify/under-pressure, which here only measures: it refuses nothing by itself).
 */
import underPressure from '@fastify/under-pressure';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { waitingRoom } from '../lib/errors.ts';

/** The call that starts a new journey. */
const SIGN_UP = { method: 'POST', url: '/api/v1/ekyc/send-otp' } as const;

export async function registerWaitingRoom(app: FastifyInstance): Promise<void> {
  const { deps } = app;
  const { maxInFlight, maxEventLoopDelayMs, retrySeconds } = deps.config.surge.waitingRoom;
  if (maxInFlight === undefined && maxEventLoopDelayMs === 0) return;
  if (maxEventLoopDelayMs > 0)
    await app.register(underPressure, { maxEventLoopDelay: maxEventLoopDelayMs, pressureHandler: () => undefined });

  let inFlight = 0;
  const counted = new WeakSet<FastifyRequest>();
  app.addHook('onRequest', async (req) => {
    if (!req.url.startsWith('/api/')) return;
    counted.add(req);
    inFlight++;
  });
  const finished = async (req: FastifyRequest) => {
    if (counted.delete(req)) inFlight--;
  };
  app.addHook('onResponse', finished);
  app.addHook('onRequestAbort', finished);

  const saturated = () =>
    (maxInFlight !== undefined && inFlight > maxInFlight) || (maxEventLoopDelayMs > 0 && app.isUnderPressure());

  app.addHook('preHandler', async (req) => {
    if (req.method !== SIGN_UP.method || req.routeOptions.url !== SIGN_UP.url) return;
    // signed in (an email OTP mid-journey): never held
    if (req.headers.authorization || !saturated()) return;
    const mobile = (req.body as { mobile?: unknown } | undefined)?.mobile;
    // a returning applicant signing in again carries on where they were
    if (typeof mobile === 'string' && (await deps.records.findByMobile(mobile))) return;
    deps.metrics.waitingRoomHeld.inc();
    throw waitingRoom(retrySeconds);
  });
}
