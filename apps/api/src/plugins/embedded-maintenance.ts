/**
 * On the embedded database, a maintenance pass every EMBEDDED_MAINTENANCE_SECONDS (db/embedded-
 * maintenance.ts: PostgreSQL's autovacuum rules, which single-user mode never runs). The first pass
 * comes one interval after the start, not at it. Not registered for a PostgreSQL server, or with 0.
 */
import type { FastifyInstance } from 'fastify';
import { maintainEmbedded } from '../db/embedded-maintenance.ts';

export function registerEmbeddedMaintenance(app: FastifyInstance) {
  const { database, config } = app.deps;
  const everyMs = config.embeddedMaintenanceSeconds * 1000;
  if (database.kind !== 'pglite' || everyMs === 0) return;
  let timer: NodeJS.Timeout | undefined;
  // the pass under way, if any: a pass longer than the interval is not joined by a second one
  let running: Promise<unknown> | undefined;
  const pass = () => {
    running ??= maintainEmbedded(database)
      .then((done) => done.length > 0 && app.log.debug({ tables: done.length }, 'embedded database maintained'))
      .catch((err: unknown) => app.log.warn({ cause: (err as Error).message }, 'embedded database maintenance failed'))
      .finally(() => (running = undefined));
  };
  app.addHook('onReady', async () => {
    timer = setInterval(pass, everyMs);
    timer.unref();
  });
  // a pass under way ends before the database closes
  app.addHook('onClose', async () => {
    clearInterval(timer);
    await running;
  });
}
