/** One error handler: every failure becomes the reply envelope with the right HTTP code, never a stack trace. */
import { randomUUID } from 'node:crypto';
import { MSG } from '@ekyc/contracts/messages';
import { keyOfIssue } from '@ekyc/contracts/said';
import type { FastifyError, FastifyInstance, FastifyReply } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { AppError, retryAfterSeconds } from '../lib/errors.ts';
import { fail } from '../lib/outcome.ts';
import { ProviderError } from '../providers/http.ts';
import type { FailureBody, failureWriter } from './failure-writer.ts';

function fieldOf(instancePath: string, params: unknown, context: string | undefined): string {
  const fromPath = instancePath.replace(/^\//, '').replace(/\//g, '.');
  if (fromPath) return fromPath;
  const missing = (params as { missingProperty?: string } | undefined)?.missingProperty;
  return missing ?? context ?? 'body';
}

/**
 * Codes of a backing service that is away or overloaded: the network and the file store's disk.
 * PostgreSQL's own codes go by class (UNAVAILABLE_SQLSTATE).
 */
const UNAVAILABLE_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ECONNABORTED',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EPIPE',
  'EAI_AGAIN',
  'EIO',
  'EMFILE',
  'ENFILE',
  'ENOSPC',
  'EDQUOT',
  'EROFS',
]);

/**
 * PostgreSQL's SQLSTATEs of a database that is away, failing over or overloaded, which recover by
 * themselves: class 08 (connection), 53 (insufficient resources), 57 (operator intervention: a
 * terminated backend, a shutdown, a cancelled statement), 58 (system, I/O); a serialisation failure,
 * a deadlock or a commit of unknown outcome (40001, 40P01, 40003); a lock not granted in time
 * (55P03); a write reaching a read-only standby during a failover (25006).
 */
const UNAVAILABLE_SQLSTATE = /^(?:(?:08|53|57|58)[0-9A-Z]{3}|40001|40P01|40003|55P03|25006)$/;

/** node-postgres's, pg-pool's and ioredis's own words for a connection that is gone or not yet back. */
const UNAVAILABLE_TEXT =
  /Connection terminated|timeout exceeded when trying to connect|connect ECONNREFUSED|Client was closed and is not queryable|Client has encountered a connection error|Cannot use a pool after calling end|Connection is closed|Reached the max retries per request limit|Stream isn't writeable|Command timed out|None of startup nodes is available/;
/** Redis's replies of a server that is loading, failing over or out of memory. */
const REDIS_UNAVAILABLE_REPLY = /^(?:LOADING|READONLY|MASTERDOWN|TRYAGAIN|CLUSTERDOWN|BUSY|MISCONF|NOREPLICAS|OOM)\b/;
/** Errors named for a store that is away: the object store's (S3) and ioredis's own. */
const UNAVAILABLE_NAMES = new Set([
  'ServiceUnavailable',
  'SlowDown',
  'InternalError',
  'RequestTimeout',
  'TimeoutError',
  'MaxRetriesPerRequestError',
]);

/**
 * The database, Redis or the file store is unreachable: answer 503 quickly rather than 500; it
 * recovers by itself. The driver's own error (often the SQL of the statement) goes to the log only.
 */
function isBackendUnavailable(error: unknown): boolean {
  for (
    let e = error as
        | {
            code?: unknown;
            name?: unknown;
            message?: unknown;
            cause?: unknown;
            $metadata?: { httpStatusCode?: number };
          }
        | undefined,
      depth = 0;
    e && depth < 4;
    e = e.cause as typeof e, depth++
  ) {
    if (typeof e.code === 'string' && (UNAVAILABLE_CODES.has(e.code) || UNAVAILABLE_SQLSTATE.test(e.code))) return true;
    if (typeof e.message === 'string' && UNAVAILABLE_TEXT.test(e.message)) return true;
    if (e.name === 'ReplyError' && typeof e.message === 'string' && REDIS_UNAVAILABLE_REPLY.test(e.message))
      return true;
    if (typeof e.name === 'string' && UNAVAILABLE_NAMES.has(e.name)) return true;
    if ((e.$metadata?.httpStatusCode ?? 0) >= 500) return true;
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

/** True when a serialised reply is the contract's envelope `{status, message, data}`. */
function isEnvelope(payload: unknown): boolean {
  if (typeof payload !== 'string') return false;
  try {
    const body = JSON.parse(payload) as { status?: unknown; message?: unknown; data?: unknown } | null;
    return typeof body?.status === 'boolean' && typeof body.message === 'string' && typeof body.data === 'object';
  } catch {
    return false;
  }
}

/** A request's id: the load balancer's X-Request-Id when it is a plain token, otherwise a new one. */
export function requestId(req: { headers: Record<string, string | string[] | undefined> }): string {
  const given = req.headers['x-request-id'];
  return typeof given === 'string' && /^[A-Za-z0-9._:-]{8,64}$/.test(given) ? given : randomUUID();
}

/**
 * The error handler: every failure answered in the envelope with its HTTP status, written through
 * the status's schema (`failures`, failure-writer.ts).
 */
export function registerErrorHandler(app: FastifyInstance, failures: ReturnType<typeof failureWriter>) {
  // checked as it is, then written by its status's writer after the preSerialization hooks
  // (error-screen.ts adds a 400's screen); a failure breaking its schema answers 500 under check
  const answer = (reply: FastifyReply, status: number, body: FailureBody) => {
    try {
      failures.check(status, body);
    } catch (err) {
      reply.log.error({ err }, 'failure breaks its schema');
      return reply
        .status(500)
        .type('application/json; charset=utf-8')
        .send(JSON.stringify(fail('somethingWrong', {})));
    }
    return reply
      .status(status)
      .type('application/json; charset=utf-8')
      .serializer((payload) => failures.write(status, payload as FailureBody))
      .send(body);
  };
  // Every reply names its request (X-Request-Id), the key to its lines in the log. The last word on
  // a failed reply: when something fails after the handler has answered (a cleanup, Fastify's own
  // fallback reply), a 5xx still leaves in the envelope, never with a driver's or library's text.
  app.addHook('onSend', async (req, reply, payload) => {
    reply.header('x-request-id', req.id);
    if (reply.statusCode < 500 || isEnvelope(payload)) return payload;
    req.log.error({ status: reply.statusCode }, 'a failed reply was replaced by the envelope');
    reply.type('application/json; charset=utf-8');
    if (reply.statusCode !== 503) return JSON.stringify(fail('somethingWrong', {}));
    reply.header('retry-after', '2');
    return JSON.stringify(fail('serviceUnavailable', {}));
  });
  app.setErrorHandler((error: FastifyError | AppError, req, reply) => {
    if (error instanceof AppError) {
      if (error.code === 'INTERNAL') req.log.error({ err: error }, 'internal error');
      if (error.code === 'UNAVAILABLE') req.log.warn({ reason: error.data.reason }, 'service unavailable');
      // every 429 and 503 says when to try again (a limit that knows its own wait has set it)
      const retryAfter = retryAfterSeconds(error);
      if (retryAfter !== undefined && !reply.hasHeader('retry-after')) reply.header('retry-after', String(retryAfter));
      return answer(reply, error.httpStatus, {
        status: false,
        message: error.message,
        ...(error.messageKey && { code: error.messageKey }),
        data: error.data,
      });
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      // a contracts rule stamps its message's key on the issue (said/saying): the field's code
      const errors = error.validation.map((v) => {
        const message = v.message ?? MSG.fieldRequired;
        const code = keyOfIssue(v.params);
        return { field: fieldOf(v.instancePath, v.params, error.validationContext), message, ...(code && { code }) };
      });
      const first = errors[0]!;
      return answer(reply, 400, {
        status: false,
        message: `${first.field}: ${first.message}`,
        ...(first.code && { code: first.code }),
        data: { field: first.field, errors },
      });
    }
    const status = error.statusCode ?? 500;
    if (status === 413 || error.code === 'FST_ERR_CTP_BODY_TOO_LARGE')
      return answer(reply, 413, fail('payloadTooLarge', {}));
    if (status === 429) {
      if (!reply.hasHeader('retry-after')) reply.header('retry-after', '60');
      return answer(reply, 429, fail('rateLimited', {}));
    }
    if (status >= 400 && status < 500) {
      const field = error.code?.startsWith('FST_ERR_CTP') ? 'body' : 'request';
      return answer(reply, 400, {
        status: false,
        message: `${field}: ${error.message}`,
        data: { field, errors: [{ field, message: error.message }] },
      });
    }
    if (isDataException(error)) {
      const message = 'request: contains a value that cannot be stored (for example a NUL character)';
      return answer(reply, 400, {
        status: false,
        message,
        data: { field: 'request', errors: [{ field: 'request', message }] },
      });
    }
    if (isBackendUnavailable(error)) {
      req.log.warn({ err: error }, 'backing service unavailable');
      return answer(reply.header('retry-after', '2'), 503, fail('serviceUnavailable', {}));
    }
    // an outside provider timed out or failed: the applicant may simply try again
    if (error instanceof ProviderError) {
      req.log.warn({ provider_error: error.message }, 'provider unavailable');
      return answer(reply.header('retry-after', '5'), 503, fail('providerUnavailable', {}));
    }
    req.log.error({ err: error }, 'unhandled error');
    return answer(reply, 500, fail('somethingWrong', {}));
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
