/**
 * The review queue and its operations: the list and its export, the next application, bulk acceptance,
 * claims and assignment, the funnel, the team's figures and the reviewers' names.
 * Registered by routes.ts under /api/v1/backoffice; each route parses, calls one use-case and maps its result.
 */
import { funnelQuerySchema, funnelReplySchema } from '@ekyc/contracts/calls/backoffice-funnel';
import {
  assignBodySchema,
  bulkAcceptBodySchema,
  bulkAcceptReplySchema,
  claimReplySchema,
  nextQuerySchema,
  nextReplySchema,
  teamQuerySchema,
  teamReplySchema,
} from '@ekyc/contracts/calls/backoffice-operations';
import { queueQuerySchema, queueReplySchema } from '@ekyc/contracts/calls/backoffice-queue';
import { reviewersReplySchema } from '@ekyc/contracts/calls/backoffice-reviewers';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireRole } from '../../auth/staff-guard.ts';
import { TAG } from '../../lib/api-docs.ts';
import { plainOk } from '../../lib/outcome.ts';
import { fileReply, replies, withInput } from '../../lib/replies.ts';
import { bulkAccept } from './bulk-accept.ts';
import { assignApplication, claimApplication, nextApplication, releaseClaim } from './claims.ts';
import { queueCsv } from './export-queue.ts';
import { getFunnel } from './get-funnel.ts';
import { getTeamFigures } from './get-team-figures.ts';
import { listApplications } from './list-applications.ts';
import { listReviewers } from './list-reviewers.ts';
import { idParams } from './route-params.ts';

export const queueRoutes: FastifyPluginAsyncZod = async (app) => {
  const { deps } = app;
  const reviewer = requireRole(app, 'reviewer');
  const supervisor = requireRole(app, 'supervisor');

  app.get(
    '/applications',
    {
      schema: {
        operationId: 'list-applications',
        summary: 'List the applications of the review queue, filtered and paged, with counts by status',
        tags: [TAG.backOffice],
        querystring: queueQuerySchema,
        response: withInput(queueReplySchema),
      },
      preHandler: reviewer,
    },
    async (req) => plainOk('Applications', await listApplications(deps, req.query, req.staffMember!.id)),
  );

  app.get(
    '/applications/export',
    {
      schema: {
        operationId: 'export-applications',
        summary: 'Export the review queue, filtered as list-applications, as CSV',
        tags: [TAG.backOffice],
        querystring: queueQuerySchema,
        response: { 200: fileReply('The queue as a CSV file (an attachment)', 'text/csv') },
      },
      preHandler: reviewer,
    },
    async (req, reply) =>
      reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', 'attachment; filename="review-queue.csv"')
        .header('cache-control', 'no-store')
        .send(await queueCsv(deps, req.query, req.staffMember!.id)),
  );

  app.get(
    '/applications/next',
    {
      schema: {
        operationId: 'next-application',
        summary: 'The id of the next application for the signed-in reviewer to open',
        tags: [TAG.backOffice],
        querystring: nextQuerySchema,
        response: withInput(nextReplySchema),
      },
      preHandler: reviewer,
    },
    async (req) =>
      plainOk('Next application', { id: await nextApplication(deps, req.staffMember!, req.query.after ?? null) }),
  );

  app.post(
    '/applications/bulk-accept',
    {
      schema: {
        operationId: 'bulk-accept',
        summary: 'Accept every stage of several applications at once, with the result for each',
        tags: [TAG.backOffice],
        body: bulkAcceptBodySchema,
        response: withInput(bulkAcceptReplySchema),
      },
      preHandler: reviewer,
    },
    async (req) => plainOk('Bulk acceptance', { results: await bulkAccept(deps, req.staffMember!, req.body.ids) }),
  );

  app.post(
    '/applications/:id/claim',
    {
      schema: {
        operationId: 'claim-application',
        summary: 'Claim an application for review (409 when another staff member holds it)',
        tags: [TAG.backOffice],
        params: idParams,
        response: withInput(claimReplySchema),
      },
      preHandler: reviewer,
    },
    async (req) =>
      plainOk('Application claimed', { claim: await claimApplication(deps, req.staffMember!, req.params.id) }),
  );

  app.post(
    '/applications/:id/release',
    {
      schema: {
        operationId: 'release-application',
        summary: "Release the signed-in reviewer's claim on an application",
        tags: [TAG.backOffice],
        params: idParams,
        response: withInput(claimReplySchema),
      },
      preHandler: reviewer,
    },
    async (req) => {
      await releaseClaim(deps, req.staffMember!, req.params.id);
      return plainOk('Application released', { claim: null });
    },
  );

  app.post(
    '/applications/:id/assign',
    {
      schema: {
        operationId: 'assign-application',
        summary: 'Assign an application to a staff member',
        tags: [TAG.backOffice],
        params: idParams,
        body: assignBodySchema,
        response: withInput(claimReplySchema),
      },
      preHandler: supervisor,
    },
    async (req) =>
      plainOk('Application assigned', {
        claim: await assignApplication(deps, req.staffMember!, req.params.id, req.body.staff_id),
      }),
  );

  app.get(
    '/funnel',
    {
      schema: {
        operationId: 'get-funnel',
        summary: 'The onboarding funnel: how many applicants reached and left each stage',
        tags: [TAG.backOffice],
        querystring: funnelQuerySchema,
        response: withInput(funnelReplySchema),
      },
      preHandler: reviewer,
    },
    async (req) => plainOk('Funnel', await getFunnel(deps, req.query)),
  );

  app.get(
    '/team',
    {
      schema: {
        operationId: 'get-team-figures',
        summary: "The review team's figures over the last days",
        tags: [TAG.backOffice],
        querystring: teamQuerySchema,
        response: withInput(teamReplySchema),
      },
      preHandler: reviewer,
    },
    async (req) => plainOk('Team figures', await getTeamFigures(deps, req.query.days)),
  );

  // Names of active staff, for the queue's "held by" filter and the admin's assignment.
  app.get(
    '/reviewers',
    {
      schema: {
        operationId: 'list-reviewers',
        summary: 'List the names of the active staff',
        tags: [TAG.backOffice],
        response: replies(reviewersReplySchema),
      },
      preHandler: reviewer,
    },
    async () => plainOk('Reviewers', { reviewers: await listReviewers(deps) }),
  );
};
