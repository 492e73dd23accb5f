/** Status screen: get-application-status (section 7). */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { getApplicationStatus } from './get-application-status.ts';
import { replies } from '../../lib/replies.ts';
import { getApplicationStatusReplySchema } from '@ekyc/contracts/calls/get-application-status';
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
};
