/**
 * Hourly, in every process, each safe to run side by side:
 * - the stored bytes of file writes that started more than an hour ago and never got their row
 *   (the request died half-way) are deleted;
 * - the applicants whose erasure is due (requested without a legal hold, or the hold has ended)
 *   are erased, and applications abandoned before signing are told of their purge, then purged
 *   (modules/privacy/retention.ts);
 * - an approval whose registrations did not start (the process died between its commit and the
 *   queueing of the first steps) gets them started;
 * - applicants whose send-back nears its expiry are reminded, and expired send-backs are closed;
 * - the screening lists whose import is older than SCREENING_IMPORT_HOURS are imported again.
 */
import type { FastifyInstance } from 'fastify';

const SWEEP_EVERY_MS = 60 * 60 * 1000;
const UNFINISHED_AFTER_MS = 60 * 60 * 1000;

export function registerSweeps(app: FastifyInstance) {
  let timer: NodeJS.Timeout | undefined;
  const sweeps: [string, () => Promise<number>][] = [
    [
      'unfinished file writes',
      () => app.deps.records.sweepUnfinishedFiles(new Date(app.deps.now() - UNFINISHED_AFTER_MS)),
    ],
    ['erasures due and abandoned applications', () => app.deps.retention.sweep(new Date(app.deps.now()))],
    ['approvals whose registrations did not start', () => app.deps.registrations.sweep()],
    ['send-backs near or past their expiry', () => app.deps.sendBackExpiry.sweep(new Date(app.deps.now()))],
    ['screening lists due for import', () => app.deps.screeningImport.sweep()],
  ];
  const sweep = () => {
    for (const [name, run] of sweeps)
      void run()
        .then((n) => n > 0 && app.log.info({ count: n }, `swept ${name}`))
        .catch((err: unknown) => app.log.warn({ cause: (err as Error).message }, `sweep of ${name} failed`));
  };
  app.addHook('onReady', async () => {
    sweep();
    timer = setInterval(sweep, SWEEP_EVERY_MS);
    timer.unref();
  });
  app.addHook('onClose', async () => clearInterval(timer));
}
