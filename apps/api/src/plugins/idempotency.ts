/**
 * Idempotency-Key on every state-changing call: a retry with the same key and body gets the first
 * answer again without running the action twice; the same key with a different body is refused.
 *
 * The key is claimed after the route's own guard, so a signed-out or revoked token is refused (401)
 * before any stored reply is looked at, and it is honoured only on a call made in a live session:
 * a signed-out call (sign-up's OTP, the staff sign-in, a provider's webhook) runs as if it had no
 * key and adds no row. What is kept: keyed hashes of the caller (the session's id), of
 * the key and of the request; the reply encrypted (AES-256-GCM) and bound to caller and key, or no
 * reply at all when it carries a secret (a session token): a replay of such a call answers that it
 * was already done and that the client signs in again. A claim holds a short lease while its
 * request runs, so a request that died with its process frees its key; rows are purged after
 * IDEMPOTENCY_TTL_HOURS, hourly.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../config.ts';
import type { Database } from '../db/client.ts';
import type { Hasher } from '../lib/crypto.ts';
import { randomId } from '../lib/crypto.ts';
import { AppError, invalidField } from '../lib/errors.ts';
import { fail } from '../lib/outcome.ts';
import { bearerToken } from './auth.ts';
import { idempotencyRepository as repo } from './idempotency.repository.ts';
import { ROUTE } from '@ekyc/contracts/stages';

/** An Idempotency-Key the API takes (the OpenAPI document gives the same pattern). */
export const IDEMPOTENCY_KEY_PATTERN = /^[A-Za-z0-9_.:-]{8,128}$/;
const PURGE_EVERY_MS = 60 * 60 * 1000;
const claimed = Symbol('idempotency');

declare module 'fastify' {
  interface FastifyRequest {
    [claimed]?: { scope: string; key: string; claimId: string };
  }
}

/** The keyed hashes a request is stored under (no secret or personal value is kept in clear). */
export function idempotencyHashes(
  hasher: Hasher,
  r: { caller: string; key: string; method: string; url: string; body: unknown },
) {
  return {
    scope: hasher.hash('idempotency-scope', r.caller),
    key: hasher.hash('idempotency-key', r.key),
    request: hasher.hash('idempotency-request', `${r.method} ${r.url}\n${JSON.stringify(r.body ?? null)}`),
  };
}

/**
 * The caller a key belongs to: the live session the route's guard admitted (an applicant's, a
 * client's or a staff member's), or none. A route that admits a session in its handler (send-otp with a token)
 * has it authenticated here; a signed-out or revoked token answers 401.
 */
async function callerOf(app: FastifyInstance, req: FastifyRequest): Promise<string | null> {
  if (req.staff) return `staff:${req.staff.sessionId}`;
  if (req.applicant) return `applicant:${req.applicant.sessionId}`;
  if (req.client) return `client:${req.client.sessionId}`;
  if (!bearerToken(req)) return null;
  const session = await app.optionalApplicant(req);
  return session ? `applicant:${session.sessionId}` : null;
}

const SECRET_FIELD = /(^|_)(token|password|secret)$/i;

/** True when a JSON reply carries a secret (a session token, a password) anywhere in its data. */
export function carriesSecret(payload: string): boolean {
  let parsed: unknown;
  try {
    parsed = JSON.parse(payload);
  } catch {
    return false;
  }
  const walk = (v: unknown, depth: number): boolean => {
    if (depth > 8 || v === null || typeof v !== 'object') return false;
    for (const [k, x] of Object.entries(v)) {
      if (SECRET_FIELD.test(k) && typeof x === 'string' && x.length > 0) return true;
      if (walk(x, depth + 1)) return true;
    }
    return false;
  };
  return walk(parsed, 0);
}

/** Deletes every key older than the configured lifetime; returns how many. */
export function purgeIdempotencyKeys(deps: { config: Config; database: Database; now: () => number }): Promise<number> {
  const before = new Date(deps.now() - deps.config.idempotency.ttlHours * 3600_000);
  return repo.purgeBefore(deps.database.db, before);
}

export function registerIdempotency(app: FastifyInstance) {
  const deps = () => app.deps;
  const db = () => app.deps.database.db;
  const seal = (scope: string, key: string, body: string) => deps().cipher.encryptJson({ scope, key, body });
  const open = (scope: string, key: string, sealed: string): string | null => {
    try {
      const v = deps().cipher.decryptJson<{ scope: string; key: string; body: string }>(sealed);
      return v.scope === scope && v.key === key ? v.body : null;
    } catch {
      return null;
    }
  };

  const claimKey = async (req: FastifyRequest, reply: FastifyReply) => {
    const header = req.headers['idempotency-key'];
    if (req.method !== 'POST' || header === undefined) return;
    const key = Array.isArray(header) ? header[0]! : header;
    if (!IDEMPOTENCY_KEY_PATTERN.test(key))
      throw invalidField('Idempotency-Key', 'use 8 to 128 letters, digits or . _ : -');
    const caller = await callerOf(app, req);
    if (caller === null) return;
    const { config, hasher, now } = deps();
    const h = idempotencyHashes(hasher, {
      caller,
      key,
      method: req.method,
      url: req.url,
      body: req.body,
    });
    const t = now();
    const claimId = randomId(12);
    let result: Awaited<ReturnType<typeof repo.claim>>;
    try {
      result = await repo.claim(db(), {
        scopeHash: h.scope,
        keyHash: h.key,
        requestHash: h.request,
        claimId,
        now: new Date(t),
        leaseUntil: new Date(t + config.idempotency.leaseSeconds * 1000),
        expiredBefore: new Date(t - config.idempotency.ttlHours * 3600_000),
      });
    } catch (err) {
      // the claim may have been written with its answer lost (a connection cut after the commit):
      // this claim is freed once the database answers, so a retry does not wait out the lease
      void settle(req, claimId, () => repo.release(db(), h.scope, h.key, claimId));
      throw err;
    }
    if (result.claimed) {
      req[claimed] = { scope: h.scope, key: h.key, claimId };
      return;
    }
    const existing = result.row;
    if (existing.requestHash !== h.request)
      throw new AppError('CONFLICT', 'This Idempotency-Key was already used with a different request.', {
        field: 'Idempotency-Key',
      });
    if (existing.statusCode === null)
      throw new AppError('CONFLICT', 'The first request with this Idempotency-Key is still running.', {
        retry_after: Math.max(1, Math.ceil((existing.leaseUntil.getTime() - t) / 1000)),
      });
    reply.header('idempotent-replayed', 'true');
    // a failure in the contract's shape: signing in again starts at the mobile number ('/')
    if (existing.replyWithheld) return reply.status(200).send(fail('replayWithheld', { screen: ROUTE.signUp }));
    const body = existing.replySealed ? open(h.scope, h.key, existing.replySealed) : null;
    if (body === null) throw new AppError('CONFLICT', 'The reply to this Idempotency-Key is no longer available.');
    return reply.status(existing.statusCode).type('application/json').send(body);
  };
  // the claim runs last among each POST route's own preHandlers, after its guard
  app.addHook('onRoute', (route) => {
    if (![route.method].flat().includes('POST')) return;
    route.preHandler = [...[route.preHandler ?? []].flat(), claimKey];
  });

  // Settling a claim (the reply kept, or the key freed after a 5xx) happens after the answer is
  // decided, so it never replaces it: when the database is away the settlement is retried every
  // second until it holds or the claim's lease runs out (the lease frees the key by itself then).
  // Either way a retry with the same key gets the first answer or runs again.
  const unsettled = new Map<string, { until: number; settle: () => Promise<void> }>();
  let retrying: NodeJS.Timeout | undefined;
  let busy = false;
  const retryUnsettled = async () => {
    if (busy) return;
    busy = true;
    for (const [claimId, u] of unsettled) {
      if (deps().now() > u.until) unsettled.delete(claimId);
      else
        await u.settle().then(
          () => unsettled.delete(claimId),
          () => undefined,
        );
    }
    busy = false;
    if (unsettled.size === 0) {
      clearInterval(retrying);
      retrying = undefined;
    }
  };
  const settle = async (req: FastifyRequest, claimId: string, run: () => Promise<void>) => {
    try {
      await run();
    } catch (err) {
      req.log.warn({ err }, 'idempotency key not settled; retrying until its lease ends');
      unsettled.set(claimId, { until: deps().now() + deps().config.idempotency.leaseSeconds * 1000, settle: run });
      retrying ??= setInterval(() => void retryUnsettled(), 1000).unref();
    }
  };

  // Nothing here may throw: the answer is decided, and an error now would replace it with Fastify's
  // own reply. A reply that cannot be sealed frees the key instead (a retry runs the call again).
  app.addHook('onSend', async (req, reply, payload) => {
    const c = req[claimed];
    if (!c) return payload;
    req[claimed] = undefined;
    const release = () => repo.release(db(), c.scope, c.key, c.claimId);
    try {
      if (reply.statusCode >= 500 || typeof payload !== 'string') await settle(req, c.claimId, release);
      else {
        const withheld = carriesSecret(payload);
        const kept = {
          statusCode: reply.statusCode,
          sealed: withheld ? null : seal(c.scope, c.key, payload),
          withheld,
        };
        await settle(req, c.claimId, () => repo.complete(db(), c.scope, c.key, c.claimId, kept));
      }
    } catch (err) {
      req.log.error({ err }, 'idempotency reply not kept; the key is freed');
      await settle(req, c.claimId, release);
    }
    return payload;
  });

  // hourly purge of expired keys in every process (a delete by age: safe to run side by side)
  let timer: NodeJS.Timeout | undefined;
  const purge = () =>
    void purgeIdempotencyKeys(deps()).catch((err: unknown) =>
      app.log.warn({ cause: (err as Error).message }, 'idempotency purge failed'),
    );
  app.addHook('onReady', async () => {
    purge();
    timer = setInterval(purge, PURGE_EVERY_MS);
    timer.unref();
  });
  app.addHook('onClose', async () => {
    clearInterval(timer);
    clearInterval(retrying);
  });
}
