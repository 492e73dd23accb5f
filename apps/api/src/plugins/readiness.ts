/**
 * /readyz for load balancers and orchestrators: the database, the file store and Redis, each
 * reported. Not ready (503) when the database is down or the file store is full or unwritable;
 * a Redis outage is reported but keeps the process ready, since every process shares the same
 * Redis and the app degrades without it (taking all of them out of rotation would help nobody).
 */
import type { FastifyInstance } from 'fastify';

const CHECK_TIMEOUT_MS = 1000;

export function registerReadiness(app: FastifyInstance) {
  app.get('/readyz', async (_req, reply) => {
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
    return reply.status(ready ? 200 : 503).send({ status: ready, message, data });
  });
}
