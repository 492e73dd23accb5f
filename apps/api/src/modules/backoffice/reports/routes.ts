/** The review team's reports under /api/v1/backoffice/reports (admins: the team's; others: their own). */
import { reportsQuerySchema, reportsReplySchema } from '@ekyc/contracts/calls/backoffice-reports';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireRole } from '../../../auth/staff-guard.ts';
import { TAG } from '../../../lib/api-docs.ts';
import { plainOk } from '../../../lib/outcome.ts';
import { withInput } from '../../../lib/replies.ts';
import { getReports } from './get-reports.ts';

export const reportRoutes: FastifyPluginAsyncZod = async (app) => {
  const { deps } = app;
  const reviewer = requireRole(app, 'reviewer');

  app.get(
    '/reports',
    {
      schema: {
        operationId: 'get-reports',
        summary:
          "The review reports over the last days: per maker and checker, first-time-right, reasons, pairs and time in each status (an administrator's the team's, anyone else's their own)",
        tags: [TAG.backOffice],
        querystring: reportsQuerySchema,
        response: withInput(reportsReplySchema),
      },
      preHandler: reviewer,
    },
    async (req) => plainOk('Reports', await getReports(deps, req.staffMember!, req.query.days)),
  );
};
