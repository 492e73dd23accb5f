/**
 * Idempotency-Key on every state-changing call: a retry with the same key and body gets the first
 * answer again without running the action twice; the same key with a different body is refused.
 * Keys are scoped to the caller's token (or address when signed out) and kept for a day.
 */
import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../lib/errors.ts';
import { bearerToken } from './auth.ts';
import { idempotencyRepository as repo } from './idempotency.repository.ts';

const sha = (s: string) => createHash('sha256').update(s).digest('hex');
const KEY_PATTERN = /^[A-Za-z0-9_.:-]{8,128}$/;
const claimed = Symbol('idempotency');

declare module 'fastify' {
  interface FastifyRequest {
    [claimed]?: { scope: string; key: string };
  }
}

export function registerIdempotency(app: FastifyInstance) {
  const db = () => app.deps.database.db;

  app.addHook('preHandler', async (req: FastifyRequest, reply: FastifyReply) => {
    const header = req.headers['idempotency-key'];
    if (req.method !== 'POST' || header === undefined) return;
    const key = Array.isArray(header) ? header[0]! : header;
    if (!KEY_PATTERN.test(key))
      throw new AppError('VALIDATION', 'Idempotency-Key: use 8 to 128 letters, digits or . _ : -', {
        field: 'Idempotency-Key',
      });
    const scope = sha(`${bearerToken(req) ?? `ip:${req.ip}`}`);
    const keyHash = sha(key);
    const requestHash = sha(`${req.method} ${req.url}\n${JSON.stringify(req.body ?? null)}`);
    const existing = await repo.claim(db(), scope, keyHash, requestHash);
    if (!existing) {
      req[claimed] = { scope, key: keyHash };
      return;
    }
    if (existing.requestHash !== requestHash)
      throw new AppError('CONFLICT', 'This Idempotency-Key was already used with a different request.', {
        field: 'Idempotency-Key',
      });
    if (existing.statusCode === null)
      throw new AppError('CONFLICT', 'The first request with this Idempotency-Key is still running.');
    return reply
      .status(existing.statusCode)
      .header('idempotent-replayed', 'true')
      .type('application/json')
      .send(existing.responseBody);
  });

  app.addHook('onSend', async (req, reply, payload) => {
    const c = req[claimed];
    if (!c) return payload;
    if (reply.statusCode >= 500 || typeof payload !== 'string') await repo.release(db(), c.scope, c.key);
    else await repo.complete(db(), c.scope, c.key, reply.statusCode, payload);
    return payload;
  });
}
