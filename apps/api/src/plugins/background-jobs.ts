/**
 * The durable jobs' life in the app: the registrations workflow (pg-boss steps to the depository,
 * the KRA, the exchanges and CKYC) and the reminders' schedule. Both are built with the services
 * they name (app-deps.ts); here they get the app's log for their errors, start once the app is
 * ready (their steps call the sandbox providers through the app itself) and stop, finishing the
 * steps under way, when it closes, before the database the steps write to.
 */
import type { FastifyInstance } from 'fastify';

export function registerBackgroundJobs(app: FastifyInstance) {
  const { deps } = app;
  deps.registrations.onError = (err) => app.log.warn({ err: err.message }, 'job queue error');
  deps.reminders.onError = (err) => app.log.warn({ err: err.message }, 'reminder job error');
  app.addHook('onReady', async () => {
    await deps.registrations.resume().catch((err: Error) => deps.registrations.onError(err));
    // the reminders' schedule runs where the registration workers run (tests call its run directly);
    // not awaited: the queue's tables may take a while to create on a first start
    if (deps.config.registrations.worker && deps.config.env !== 'test') void deps.reminders.start();
  });
  app.addHook('onClose', async () => {
    await deps.registrations.stop();
    await deps.reminders.stop();
  });
}
