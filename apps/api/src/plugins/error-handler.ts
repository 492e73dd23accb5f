/** One error handler: every failure becomes the reply envelope with the right HTTP code, never a stack trace. */
import { isMessageKey, type MessageKey, MSG, messageKeyOfText } from '@ekyc/contracts/messages';
import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { AppError } from '../lib/errors.ts';
import { fail } from '../lib/outcome.ts';
import { ProviderError } from '../providers/http.ts';

function fieldOf(instancePath: string, params: unknown, context: string | undefined): string {
  const fromPath = instancePath.replace(/^\//, '').replace(/\//g, '.');
  if (fromPath) return fromPath;
  const missing = (params as { missingProperty?: string } | undefined)?.missingProperty;
  return missing ?? context ?? 'body';
}

const DB_DOWN_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  '57P01',
  '57P02',
  '57P03',
  '08000',
  '08001',
  '08003',
  '08006',
]);

/** The database is unreachable: answer 503 quickly rather than 500; it recovers by itself. */
function isDatabaseDown(error: unknown): boolean {
  for (
    let e = error as { code?: string; message?: string; cause?: unknown } | undefined, depth = 0;
    e && depth < 4;
    e = e.cause as typeof e, depth++
  ) {
    if (e.code && DB_DOWN_CODES.has(e.code)) return true;
    if (
      e.message &&
      /Connection terminated|timeout exceeded when trying to connect|connect ECONNREFUSED|Client was closed and is not queryable|Client has encountered a connection error/.test(
        e.message,
      )
    )
      return true;
  }
  return false;
}

/** PostgreSQL class 22 (data exception): a value from the request that the database cannot hold. */
function isDataException(error: unknown): boolean {
  for (
    let e = error as { code?: unknown; cause?: unknown } | undefined, depth = 0;
    e && depth < 4;
    e = e.cause as typeof e, depth++
  )
    if (typeof e.code === 'string' && /^22[0-9A-Z]{3}$/.test(e.code)) return true;
  return false;
}

/** The key a shared rule gives its issue (`said`/`saying` in packages/contracts/src/said.ts). */
function issueKey(params: unknown): MessageKey | undefined {
  const code = (params as { params?: { code?: unknown } } | undefined)?.params?.code;
  return typeof code === 'string' && isMessageKey(code) ? code : undefined;
}

export function registerErrorHandler(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError | AppError, req, reply) => {
    if (error instanceof AppError) {
      if (error.code === 'INTERNAL') req.log.error({ err: error }, 'internal error');
      if (error.code === 'UNAVAILABLE') req.log.warn({ reason: error.data.reason }, 'service unavailable');
      return reply.status(error.httpStatus).send({
        status: false,
        message: error.message,
        ...(error.messageKey && { code: error.messageKey }),
        data: error.data,
      });
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      // a shared rule names its message's key; a call schema's message is the catalogue's English text
      const errors = error.validation.map((v) => {
        const message = v.message ?? MSG.fieldRequired;
        const code = issueKey(v.params) ?? messageKeyOfText(message);
        return { field: fieldOf(v.instancePath, v.params, error.validationContext), message, ...(code && { code }) };
      });
      const first = errors[0]!;
      return reply.status(400).send({
        status: false,
        message: `${first.field}: ${first.message}`,
        ...(first.code && { code: first.code }),
        data: { field: first.field, errors },
      });
    }
    const status = error.statusCode ?? 500;
    if (status === 413 || error.code === 'FST_ERR_CTP_BODY_TOO_LARGE')
      return reply.status(413).send(fail('payloadTooLarge', {}));
    if (status === 429) return reply.status(429).send(fail('rateLimited', {}));
    if (status >= 400 && status < 500) {
      const field = error.code?.startsWith('FST_ERR_CTP') ? 'body' : 'request';
      return reply.status(400).send({
        status: false,
        message: `${field}: ${error.message}`,
        data: { field, errors: [{ field, message: error.message }] },
      });
    }
    if (isDataException(error)) {
      const message = 'request: contains a value that cannot be stored (for example a NUL character)';
      return reply
        .status(400)
        .send({ status: false, message, data: { field: 'request', errors: [{ field: 'request', message }] } });
    }
    if (isDatabaseDown(error)) {
      req.log.warn('database unavailable');
      return reply.status(503).header('retry-after', '2').send(fail('serviceUnavailable', {}));
    }
    // an outside provider timed out or failed: the applicant may simply try again
    if (error instanceof ProviderError) {
      req.log.warn({ provider_error: error.message }, 'provider unavailable');
      return reply.status(503).header('retry-after', '5').send(fail('providerUnavailable', {}));
    }
    req.log.error({ err: error }, 'unhandled error');
    return reply.status(500).send(fail('somethingWrong', {}));
  });
}

/**
 * While the server shuts down (SIGTERM), a request that still arrives on an open connection answers
 * 503 in the envelope with Retry-After, and the connection closes so the client reconnects to
 * another process.
 */
export function registerDraining(app: FastifyInstance) {
  let draining = false;
  app.addHook('preClose', async () => {
    draining = true;
  });
  app.addHook('onRequest', async (_req, reply) => {
    if (!draining) return;
    return reply
      .status(503)
      .header('retry-after', '2')
      .header('connection', 'close')
      .send(fail('serviceUnavailable', {}));
  });
}
