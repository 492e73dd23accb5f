import {
  consentsReplySchema,
  requestErasureReplySchema,
  requestErasureRequestSchema,
  updateConsentRequestSchema,
} from '@ekyc/contracts/calls/consents';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { getConsents, requestErasure, updateConsent } from './consents.ts';
import { replies, withInput } from '../../lib/replies.ts';
import { TAG } from '../../lib/api-docs.ts';

/** The applicant's consents and erasure request (DPDP Act). */
export const privacyRoutes: FastifyPluginAsyncZod = async (app) => {
  const { deps } = app;

  app.get(
    '/get-consents',
    {
      schema: {
        operationId: 'get-consents',
        summary: "Read the applicant's consent for each purpose (DPDP Act)",
        tags: [TAG.applicant],
        response: replies(consentsReplySchema),
      },
      preHandler: app.requireApplicant,
    },
    async (req) => getConsents(deps, req.applicant!.subjectId),
  );

  app.post(
    '/update-consent',
    {
      schema: {
        operationId: 'update-consent',
        summary: 'Give or withdraw the consent for one purpose',
        tags: [TAG.applicant],
        body: updateConsentRequestSchema,
        response: withInput(consentsReplySchema),
      },
      preHandler: app.requireApplicant,
    },
    async (req) => updateConsent(deps, req.applicant!.subjectId, req.body),
  );

  app.post(
    '/request-erasure',
    {
      schema: {
        operationId: 'request-erasure',
        summary: "Ask for the applicant's data to be erased, within the legal hold the law requires",
        tags: [TAG.applicant],
        body: requestErasureRequestSchema,
        response: withInput(requestErasureReplySchema),
      },
      preHandler: app.requireApplicant,
    },
    async (req) => requestErasure(deps, req.applicant!.subjectId),
  );
};
