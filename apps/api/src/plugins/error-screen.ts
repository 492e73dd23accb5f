/**
 * Spec section 4: each action reply carries data.screen, whether the call succeeded or failed, and
 * the app navigates to it. A 400 (malformed input) for a signed-in applicant therefore also names
 * the screen of their current stage; the field errors stay as they are. Validation runs before the
 * route's authentication, so the bearer token is read here; without a live applicant session the
 * reply is left alone.
 */
import { routeForStage } from '@ekyc/contracts/stages';
import type { FastifyInstance } from 'fastify';
import { bearerToken } from './auth.ts';

interface Envelope {
  status: boolean;
  data?: unknown;
}

const isEnvelope = (p: unknown): p is Envelope =>
  typeof p === 'object' && p !== null && typeof (p as Envelope).status === 'boolean';

export function registerErrorScreen(api: FastifyInstance) {
  const { sessions, records } = api.deps;
  api.addHook('preSerialization', async (req, reply, payload) => {
    if (reply.statusCode !== 400 || !isEnvelope(payload) || payload.status) return payload;
    const data = (payload.data ?? {}) as Record<string, unknown>;
    if (typeof data !== 'object' || Array.isArray(data) || typeof data.screen === 'string') return payload;
    try {
      const applicantId =
        req.applicant?.subjectId ?? (await sessions.authenticate(bearerToken(req), 'applicant'))?.subjectId;
      if (!applicantId) return payload;
      const screen = routeForStage(await records.currentStage(applicantId));
      return { ...payload, data: { ...data, screen } };
    } catch {
      // the store is unreachable: the 400 still names the field
      return payload;
    }
  });
}
