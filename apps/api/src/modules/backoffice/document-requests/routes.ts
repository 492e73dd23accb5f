/**
 * Document requests under /api/v1/backoffice: an application's requests, asking for a document,
 * accepting or declining the answered file, cancelling a request. Registered by routes.ts; each
 * route parses, calls one use-case and maps its result.
 */
import {
  askDocumentBodySchema,
  decideDocumentBodySchema,
  documentRequestParamsSchema,
  documentRequestsReplySchema,
} from '@ekyc/contracts/calls/backoffice-document-requests';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireRole } from '../../../auth/staff-guard.ts';
import { TAG } from '../../../lib/api-docs.ts';
import { plainOk } from '../../../lib/outcome.ts';
import { withInput } from '../../../lib/replies.ts';
import { idParams } from '../route-params.ts';
import { askForDocument, closeDocumentRequest, listDocumentRequests } from './document-requests.ts';

export const documentRequestRoutes: FastifyPluginAsyncZod = async (app) => {
  const { deps } = app;
  const reviewer = requireRole(app, 'reviewer');

  app.get(
    '/applications/:id/document-requests',
    {
      schema: {
        operationId: 'list-document-requests',
        summary: "An application's document requests, latest first, each answered file as a short-lived link",
        tags: [TAG.backOffice],
        params: idParams,
        response: withInput(documentRequestsReplySchema),
      },
      preHandler: reviewer,
    },
    async (req) => plainOk('Document requests', await listDocumentRequests(deps, req.params.id, req.staff!.sessionId)),
  );

  app.post(
    '/applications/:id/document-requests',
    {
      schema: {
        operationId: 'ask-for-document',
        summary:
          'Ask the applicant for one more document with a note they read; no stage is sent back (409 unless under review)',
        tags: [TAG.backOffice],
        params: idParams,
        body: askDocumentBodySchema,
        response: withInput(documentRequestsReplySchema),
      },
      preHandler: reviewer,
    },
    async (req) =>
      plainOk(
        'Document asked for',
        await askForDocument(deps, req.staffMember!, req.params.id, req.body, req.staff!.sessionId),
      ),
  );

  app.post(
    '/applications/:id/document-requests/:requestId/decision',
    {
      schema: {
        operationId: 'decide-document-request',
        summary: "Accept or decline the applicant's answer to a document request (409 before an answer)",
        tags: [TAG.backOffice],
        params: documentRequestParamsSchema,
        body: decideDocumentBodySchema,
        response: withInput(documentRequestsReplySchema),
      },
      preHandler: reviewer,
    },
    async (req) =>
      plainOk(
        req.body.decision === 'accept' ? 'Document accepted' : 'Document declined',
        await closeDocumentRequest(
          deps,
          req.staffMember!,
          req.params.id,
          req.params.requestId,
          req.body,
          req.staff!.sessionId,
        ),
      ),
  );

  app.post(
    '/applications/:id/document-requests/:requestId/cancel',
    {
      schema: {
        operationId: 'cancel-document-request',
        summary: 'Cancel a document request not yet accepted or declined',
        tags: [TAG.backOffice],
        params: documentRequestParamsSchema,
        response: withInput(documentRequestsReplySchema),
      },
      preHandler: reviewer,
    },
    async (req) =>
      plainOk(
        'Document request cancelled',
        await closeDocumentRequest(
          deps,
          req.staffMember!,
          req.params.id,
          req.params.requestId,
          null,
          req.staff!.sessionId,
        ),
      ),
  );
};
