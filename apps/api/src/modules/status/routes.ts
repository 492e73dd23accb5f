/** Status screen: get-application-status (section 7), and the answer to a reviewer's document request. */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { answerDocumentRequest } from './answer-document-request.ts';
import { getApplicationStatus } from './get-application-status.ts';
import { replies, withInput } from '../../lib/replies.ts';
import { getApplicationStatusReplySchema } from '@ekyc/contracts/calls/get-application-status';
import {
  answerDocumentRequestBodySchema,
  answerDocumentRequestParamsSchema,
  answerDocumentRequestReplySchema,
} from '@ekyc/contracts/calls/document-request';
import { TAG } from '../../lib/api-docs.ts';

export const statusRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/get-application-status',
    {
      schema: {
        operationId: 'get-application-status',
        summary: "Read the application's status: review, registrations and the account's activation",
        tags: [TAG.applicant],
        response: replies(getApplicationStatusReplySchema),
      },
      preHandler: app.requireApplicant,
    },
    async (req) => getApplicationStatus(app.deps, req.applicant!.subjectId, req.applicant!.sessionId),
  );

  app.post(
    '/document-requests/:id/answer',
    {
      schema: {
        operationId: 'answer-document-request',
        summary:
          'Send the document a reviewer asked for (an image or a PDF, base64): no stage moves, the application stays in review',
        tags: [TAG.applicant],
        params: answerDocumentRequestParamsSchema,
        body: answerDocumentRequestBodySchema,
        response: withInput(answerDocumentRequestReplySchema),
      },
      preHandler: app.requireApplicant,
    },
    async (req) => answerDocumentRequest(app.deps, req.applicant!.subjectId, req.params.id, req.body),
  );
};
