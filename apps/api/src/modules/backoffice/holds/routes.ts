/**
 * Escalation holds under /api/v1/backoffice: an application's holds, putting it on hold and
 * releasing it. Registered by routes.ts; each route parses, calls one use-case and maps its result.
 */
import { holdBodySchema, holdsReplySchema, releaseHoldBodySchema } from '@ekyc/contracts/calls/backoffice-holds';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireRole } from '../../../auth/staff-guard.ts';
import { TAG } from '../../../lib/api-docs.ts';
import { plainOk } from '../../../lib/outcome.ts';
import { withInput } from '../../../lib/replies.ts';
import { idParams } from '../route-params.ts';
import { holdApplication, listHolds, releaseHold } from './escalation-holds.ts';

export const holdRoutes: FastifyPluginAsyncZod = async (app) => {
  const { deps } = app;
  const reviewer = requireRole(app, 'reviewer');

  app.get(
    '/applications/:id/holds',
    {
      schema: {
        operationId: 'list-holds',
        summary: "An application's escalation holds, the open one first (null when none)",
        tags: [TAG.backOffice],
        params: idParams,
        response: withInput(holdsReplySchema),
      },
      preHandler: reviewer,
    },
    async (req) => plainOk('Holds', await listHolds(deps, req.params.id)),
  );

  app.post(
    '/applications/:id/hold',
    {
      schema: {
        operationId: 'hold-application',
        summary: 'Put an application on hold with a coded reason and a note: its clock stops (409 when it is held)',
        tags: [TAG.backOffice],
        params: idParams,
        body: holdBodySchema,
        response: withInput(holdsReplySchema),
      },
      preHandler: reviewer,
    },
    async (req) => plainOk('On hold', await holdApplication(deps, req.staffMember!, req.params.id, req.body)),
  );

  app.post(
    '/applications/:id/hold/release',
    {
      schema: {
        operationId: 'release-hold',
        summary: "Release an application's hold with a note: its clock runs again (409 when it is not held)",
        tags: [TAG.backOffice],
        params: idParams,
        body: releaseHoldBodySchema,
        response: withInput(holdsReplySchema),
      },
      preHandler: reviewer,
    },
    async (req) => plainOk('Hold released', await releaseHold(deps, req.staffMember!, req.params.id, req.body)),
  );
};
