/**
 * The back office's screening and demise routes: an application's hits, risk category and
 * deceased flag; a hit's resolution; the demise recorded. Registered by routes.ts under
 * /api/v1/backoffice; each route parses, calls one use-case and maps its result.
 */
import {
  deceasedReplySchema,
  markDeceasedBodySchema,
  resolveHitBodySchema,
  screeningReplySchema,
} from '@ekyc/contracts/calls/backoffice-screening';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireRole } from '../../../auth/staff-guard.ts';
import { TAG } from '../../../lib/api-docs.ts';
import { plainOk } from '../../../lib/outcome.ts';
import { withInput } from '../../../lib/replies.ts';
import { idParams } from '../route-params.ts';
import { markDeceased } from './mark-deceased.ts';
import { getScreening, resolveHit } from './screening-review.ts';

export const backofficeScreeningRoutes: FastifyPluginAsyncZod = async (app) => {
  const { deps } = app;
  const reviewer = requireRole(app, 'reviewer');
  const supervisor = requireRole(app, 'supervisor');

  app.get(
    '/applications/:id/screening',
    {
      schema: {
        operationId: 'get-screening',
        summary: "An application's screening hits with the matched entries, its risk category and deceased flag",
        tags: [TAG.backOffice],
        params: idParams,
        response: withInput(screeningReplySchema),
      },
      preHandler: reviewer,
    },
    async (req) => plainOk('Screening', await getScreening(deps, req.params.id)),
  );

  app.post(
    '/applications/:id/screening/hits/:hitId',
    {
      schema: {
        operationId: 'resolve-screening-hit',
        summary: 'Clear a screening hit (not the listed person) or confirm it, with a note',
        tags: [TAG.backOffice],
        params: idParams.extend({ hitId: z.uuid() }),
        body: resolveHitBodySchema,
        response: withInput(screeningReplySchema),
      },
      preHandler: reviewer,
    },
    async (req) =>
      plainOk(
        'Screening hit resolved',
        await resolveHit(deps, req.staffMember!, req.params.id, req.params.hitId, req.body.outcome, req.body.note),
      ),
  );

  app.post(
    '/applications/:id/deceased',
    {
      schema: {
        operationId: 'mark-deceased',
        summary: 'Record the client as deceased with a note (a supervisor or an administrator)',
        tags: [TAG.backOffice],
        params: idParams,
        body: markDeceasedBodySchema,
        response: withInput(deceasedReplySchema),
      },
      preHandler: supervisor,
    },
    async (req) =>
      plainOk('Recorded as deceased', await markDeceased(deps, req.staffMember!, req.params.id, req.body.note)),
  );
};
