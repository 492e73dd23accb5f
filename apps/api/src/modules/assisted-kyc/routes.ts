import { assistedKycReplySchema, requestAssistedKycSchema } from '@ekyc/contracts/calls/assisted-kyc';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireRole } from '../../auth/staff-guard.ts';
import { plainOk } from '../../lib/outcome.ts';
import {
  cancelAssistedKyc,
  getAssistedKyc,
  listAssistedKycCalls,
  markAssistedKycDone,
  requestAssistedKyc,
} from './assisted-kyc.ts';
import { replies, withInput } from '../../lib/replies.ts';
import { assistedKycCallsReplySchema, assistedKycDoneReplySchema } from '@ekyc/contracts/calls/backoffice-assisted-kyc';
import { TAG } from '../../lib/api-docs.ts';

/** The applicant's booking of an assisted video KYC call, under /api/v1/ekyc. */
export const assistedKycRoutes: FastifyPluginAsyncZod = async (app) => {
  const { deps } = app;
  app.get(
    '/get-assisted-kyc',
    {
      schema: {
        operationId: 'get-assisted-kyc',
        summary: 'Read the assisted video KYC call the applicant booked, if any',
        tags: [TAG.applicant],
        response: replies(assistedKycReplySchema),
      },
      preHandler: app.requireApplicant,
    },
    async (req) => getAssistedKyc(deps, req.applicant!.subjectId),
  );
  app.post(
    '/request-assisted-kyc',
    {
      schema: {
        operationId: 'request-assisted-kyc',
        summary: 'Book an assisted video KYC call with the broker',
        tags: [TAG.applicant],
        body: requestAssistedKycSchema,
        response: withInput(assistedKycReplySchema),
      },
      preHandler: app.requireApplicant,
    },
    async (req) => requestAssistedKyc(deps, req.applicant!.subjectId, req.body),
  );
  app.post(
    '/cancel-assisted-kyc',
    {
      schema: {
        operationId: 'cancel-assisted-kyc',
        summary: 'Cancel the booked assisted video KYC call',
        tags: [TAG.applicant],
        response: replies(assistedKycReplySchema),
      },
      preHandler: app.requireApplicant,
    },
    async (req) => cancelAssistedKyc(deps, req.applicant!.subjectId),
  );
};

/** The calls to make, under /api/v1/backoffice. */
export const assistedKycBackofficeRoutes: FastifyPluginAsyncZod = async (app) => {
  const { deps } = app;
  const reviewer = requireRole(app, 'reviewer');
  app.get(
    '/assisted-kyc',
    {
      schema: {
        operationId: 'list-assisted-kyc-calls',
        summary: 'List the assisted video KYC calls applicants booked',
        tags: [TAG.backOffice],
        response: replies(assistedKycCallsReplySchema),
      },
      preHandler: reviewer,
    },
    async () => plainOk('Assisted video KYC calls', await listAssistedKycCalls(deps)),
  );
  app.post(
    '/assisted-kyc/:id/done',
    {
      schema: {
        operationId: 'mark-assisted-kyc-done',
        summary: "Mark an applicant's assisted video KYC call as done",
        tags: [TAG.backOffice],
        params: z.object({ id: z.uuid() }),
        response: withInput(assistedKycDoneReplySchema),
      },
      preHandler: reviewer,
    },
    async (req) => {
      await markAssistedKycDone(deps, req.params.id, req.staffMember!.id);
      return plainOk('Call done', { applicant_id: req.params.id });
    },
  );
};
