/**
 * /readyz for load balancers and orchestrators: the database, the file store and Redis, each
 * reported. Not ready (503) when the database is down or the file store is full or unwritable;
 * a Redis outage is reported but keeps the process ready, since every process shares the same
 * Redis and the app degrades without it (taking all of them out of rotation would help nobody).
 */
import { replySchema } from '@ekyc/contracts/envelope';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { PUBLIC, TAG } from '../lib/api-docs.ts';

const CHECK_TIMEOUT_MS = 1000;

/** /readyz's reply, ready (200) or not (503): each backing service's state. */
const readinessReplySchema = replySchema(
  z.object({
    database: z.enum(['up', 'down']),
    storage: z.enum(['up', 'full', 'down']),
    redis: z.enum(['up', 'down', 'not used']),
  }),
);

export function registerReadiness(app: FastifyInstance) {
  const schema = {
    operationId: 'readyz',
    summary: 'Readiness probe: the database, the file store and Redis, each reported',
    description:
      'Not ready (503, with Retry-After) while the database is down or the file store is full or unwritable; a Redis outage is reported but keeps the process ready.',
    tags: [TAG.operations],
    security: PUBLIC,
    response: { 200: readinessReplySchema, 503: readinessReplySchema },
  };
  app.get('/readyz', { schema }, async (_req, reply) => {
    const { database, files, hub } = app.deps;
    const [db, storage, redis] = await Promise.all([
      database.ping(CHECK_TIMEOUT_MS),
      files.check(),
      hub.reachable ? hub.reachable(CHECK_TIMEOUT_MS) : Promise.resolve(null),
    ]);
    const data = {
      database: db ? 'up' : 'down',
      storage: storage.state,
      redis: redis === null ? 'not used' : redis ? 'up' : 'down',
    };
    const problems = [
      !db && 'database unavailable',
      storage.state === 'full' && 'file storage full',
      storage.state === 'down' && 'file storage unavailable',
    ].filter((p): p is string => Boolean(p));
    const ready = problems.length === 0;
    const message = ready ? (redis === false ? 'ready (Redis unavailable)' : 'ready') : problems.join('; ');
    if (!ready) reply.header('retry-after', '5');
    return reply.status(ready ? 200 : 503).send({ status: ready, message, data });
  });
}
