/**
 * The back office's registrations (CONTRACT.md "After the applicant signs"), under
 * /api/v1/backoffice: one application's registrations, an operator's correction and retry, and the queue of
 * approved applications not yet tradable.
 */
import {
  notTradableReplySchema,
  registrationCorrectionReplySchema,
  registrationCorrectionSchema,
  registrationListReplySchema,
  registrationRetryParamsSchema,
  registrationRetryReplySchema,
} from '@ekyc/contracts/calls/backoffice-registrations';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '../../lib/outcome.ts';
import { requireRole } from '../../auth/staff-guard.ts';
import { correctRegistration } from './correct-registration.ts';
import { listNotTradable } from './list-not-tradable.ts';
import { listRegistrations } from './list-registrations.ts';
import { retryRegistration } from './retry-registration.ts';
import { replies, withInput } from '../../lib/replies.ts';
import { TAG } from '../../lib/api-docs.ts';

const idParams = z.object({ id: z.string().max(64) });

export const registrationRoutes: FastifyPluginAsyncZod = async (app) => {
  const { deps } = app;
  const reviewer = requireRole(app, 'reviewer');

  app.get(
    '/applications/:id/registrations',
    {
      schema: {
        operationId: 'list-registrations',
        summary: "Read an approved application's registrations (exchanges, depository, KRA) and their states",
        tags: [TAG.backOffice],
        params: idParams,
        response: withInput(registrationListReplySchema),
      },
      preHandler: reviewer,
    },
    async (req) => ok('Registrations', await listRegistrations(deps, req.params.id)),
  );

  app.post(
    '/applications/:id/registrations/:kind/retry',
    {
      schema: {
        operationId: 'retry-registration',
        summary: 'Send a rejected or on-hold registration again',
        tags: [TAG.backOffice],
        params: registrationRetryParamsSchema,
        response: withInput(registrationRetryReplySchema),
      },
      preHandler: reviewer,
    },
    async (req) => ok('Registration sent again', await retryRegistration(deps, req.params.id, req.params.kind)),
  );

  app.post(
    '/applications/:id/registrations/corrections',
    {
      schema: {
        operationId: 'correct-registration',
        summary: 'Correct the data a rejected or on-hold registration sends',
        tags: [TAG.backOffice],
        params: idParams,
        body: registrationCorrectionSchema,
        response: withInput(registrationCorrectionReplySchema),
      },
      preHandler: reviewer,
    },
    async (req) =>
      ok('Correction saved', await correctRegistration(deps, req.params.id, req.staffMember!.id, req.body)),
  );

  app.get(
    '/registrations/not-tradable',
    {
      schema: {
        operationId: 'list-not-tradable',
        summary: 'List the approved applications whose account is not yet tradable',
        tags: [TAG.backOffice],
        response: replies(notTradableReplySchema),
      },
      preHandler: reviewer,
    },
    async () => ok('Approved, not yet tradable', await listNotTradable(deps)),
  );
};
