/**
 * The back office's API under /api/v1/backoffice: staff sign-in, the review queue, one
 * application with its decisions and audit trail, staff administration and the funnel.
 * Every route but login needs a staff session; the role is checked on the server each time.
 * Each area's routes are in their own file; this plugin starts what they share.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { applicationRoutes } from './application-routes.ts';
import { documentRequestRoutes } from './document-requests/routes.ts';
import { ensureFirstAdmin } from './ensure-first-admin.ts';
import { holdRoutes } from './holds/routes.ts';
import { backofficeFlowRoutes } from './flow-routes.ts';
import { queueRoutes } from './queue-routes.ts';
import { backofficeScreeningRoutes } from './screening/routes.ts';
import { syncWorkingCalendar } from './reports/sync-working-calendar.ts';
import { ReviewWatch } from './review-watch.ts';
import { signInRoutes } from './sign-in-routes.ts';
import { staffRoutes } from './staff-routes.ts';

export const BACKOFFICE_PREFIX = '/api/v1/backoffice';

export const backofficeRoutes: FastifyPluginAsyncZod = async (app) => {
  const { deps } = app;
  // the checker's queue, notes, closing cases and the reasons
  await app.register(backofficeFlowRoutes);
  // screening hits, the risk category and the deceased flag
  await app.register(backofficeScreeningRoutes);
  await app.register(holdRoutes);
  await app.register(documentRequestRoutes);

  // the reports' working-hours clock skips the same trading holidays as the API's
  await syncWorkingCalendar(deps);
  const line = await ensureFirstAdmin(deps);
  if (line) app.log.warn(line);
  const watch = new ReviewWatch(deps);
  await watch.start();
  app.addHook('onClose', async () => watch.close());

  await app.register(signInRoutes);
  await app.register(queueRoutes);
  await app.register(applicationRoutes, { watch });
  await app.register(staffRoutes);
};
