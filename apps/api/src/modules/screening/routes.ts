/**
 * The screening lists' import on demand (an administrator), under /api/v1/backoffice: the lists are
 * read and stored now instead of at the next scheduled import.
 */
import { screeningImportReplySchema } from '@ekyc/contracts/calls/backoffice-screening';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireRole } from '../../auth/staff-guard.ts';
import { TAG } from '../../lib/api-docs.ts';
import { plainOk } from '../../lib/outcome.ts';
import { replies } from '../../lib/replies.ts';
import { importAllLists } from './import-lists.ts';

export const screeningRoutes: FastifyPluginAsyncZod = async (app) => {
  const { deps } = app;
  app.post(
    '/screening/import',
    {
      schema: {
        operationId: 'import-screening-lists',
        summary: 'Import the screening lists now (an administrator); an unchanged file is not imported again',
        tags: [TAG.backOffice],
        response: replies(screeningImportReplySchema),
      },
      preHandler: requireRole(app, 'admin'),
    },
    async () => plainOk('Screening lists imported', { lists: await importAllLists(deps) }),
  );
};
