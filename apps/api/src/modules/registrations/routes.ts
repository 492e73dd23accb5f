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

const idParams = z.object({ id: z.string().max(64) });

export const registrationRoutes: FastifyPluginAsyncZod = async (app) => {
  const { deps } = app;
  const reviewer = requireRole(app, 'reviewer');

  app.get(
    '/applications/:id/registrations',
    { schema: { params: idParams, response: withInput(registrationListReplySchema) }, preHandler: reviewer },
    async (req) => ok('Registrations', await listRegistrations(deps, req.params.id)),
  );

  app.post(
    '/applications/:id/registrations/:kind/retry',
    {
      schema: { params: registrationRetryParamsSchema, response: withInput(registrationRetryReplySchema) },
      preHandler: reviewer,
    },
    async (req) => ok('Registration sent again', await retryRegistration(deps, req.params.id, req.params.kind)),
  );

  app.post(
    '/applications/:id/registrations/corrections',
    {
      schema: {
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
    { schema: { response: replies(notTradableReplySchema) }, preHandler: reviewer },
    async () => ok('Approved, not yet tradable', await listNotTradable(deps)),
  );
};
