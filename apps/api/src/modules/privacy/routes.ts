import {
  consentsReplySchema,
  requestErasureReplySchema,
  requestErasureRequestSchema,
  updateConsentRequestSchema,
} from '@ekyc/contracts/calls/consents';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { getConsents, requestErasure, updateConsent } from './consents.ts';
import { replies, withInput } from '../../lib/replies.ts';

/** The applicant's consents and erasure request (DPDP Act). */
export const privacyRoutes: FastifyPluginAsyncZod = async (app) => {
  const { deps } = app;

  app.get(
    '/get-consents',
    { schema: { response: replies(consentsReplySchema) }, preHandler: app.requireApplicant },
    async (req) => getConsents(deps, req.applicant!.subjectId),
  );

  app.post(
    '/update-consent',
    {
      schema: { body: updateConsentRequestSchema, response: withInput(consentsReplySchema) },
      preHandler: app.requireApplicant,
    },
    async (req) => updateConsent(deps, req.applicant!.subjectId, req.body),
  );

  app.post(
    '/request-erasure',
    {
      schema: { body: requestErasureRequestSchema, response: withInput(requestErasureReplySchema) },
      preHandler: app.requireApplicant,
    },
    async (req) => requestErasure(deps, req.applicant!.subjectId),
  );
};
