/**
 * Hourly, in every process: deletes the stored bytes of file writes that started more than an hour
 * ago and never got their row (the request died half-way). Safe to run side by side.
 */
import type { FastifyInstance } from 'fastify';

const SWEEP_EVERY_MS = 60 * 60 * 1000;
const UNFINISHED_AFTER_MS = 60 * 60 * 1000;

export function registerFileSweep(app: FastifyInstance) {
  let timer: NodeJS.Timeout | undefined;
  const sweep = () =>
    void app.deps.records
      .sweepUnfinishedFiles(new Date(app.deps.now() - UNFINISHED_AFTER_MS))
      .then((n) => n > 0 && app.log.info({ files: n }, 'swept unfinished file writes'))
      .catch((err: unknown) => app.log.warn({ cause: (err as Error).message }, 'file sweep failed'));
  app.addHook('onReady', async () => {
    sweep();
    timer = setInterval(sweep, SWEEP_EVERY_MS);
    timer.unref();
  });
  app.addHook('onClose', async () => clearInterval(timer));
}
