/** Saved views of the queue under /api/v1/backoffice/views: each staff member's own. */
import {
  saveViewBodySchema,
  savedViewReplySchema,
  savedViewsReplySchema,
} from '@ekyc/contracts/calls/backoffice-views';
import { emptyReplySchema } from '@ekyc/contracts/envelope';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireRole } from '../../../auth/staff-guard.ts';
import { TAG } from '../../../lib/api-docs.ts';
import { plainOk } from '../../../lib/outcome.ts';
import { alsoFails, replies, withInput } from '../../../lib/replies.ts';
import { deleteSavedView, listSavedViews, saveView } from './saved-views.ts';

export const savedViewRoutes: FastifyPluginAsyncZod = async (app) => {
  const { deps } = app;
  const reviewer = requireRole(app, 'reviewer');

  app.get(
    '/views',
    {
      schema: {
        operationId: 'list-saved-views',
        summary: "The signed-in staff member's saved views of the queue",
        tags: [TAG.backOffice],
        response: replies(savedViewsReplySchema),
      },
      preHandler: reviewer,
    },
    async (req) => plainOk('Saved views', await listSavedViews(deps, req.staffMember!.id)),
  );

  app.post(
    '/views',
    {
      schema: {
        operationId: 'save-view',
        summary:
          "Save the queue's filters, sort and search as a view of one's own (a view of the same name is replaced)",
        tags: [TAG.backOffice],
        body: saveViewBodySchema,
        response: withInput(savedViewReplySchema),
      },
      preHandler: reviewer,
    },
    async (req) => plainOk('View saved', await saveView(deps, req.staffMember!.id, req.body)),
  );

  app.post(
    '/views/:id/delete',
    {
      schema: {
        operationId: 'delete-saved-view',
        summary: 'Delete one of the signed-in staff member’s saved views',
        tags: [TAG.backOffice],
        params: z.object({ id: z.uuid() }),
        response: { ...withInput(emptyReplySchema), ...alsoFails(404) },
      },
      preHandler: reviewer,
    },
    async (req) => {
      await deleteSavedView(deps, req.staffMember!.id, req.params.id);
      return plainOk('View deleted', {});
    },
  );
};
