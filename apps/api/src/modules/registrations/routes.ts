/**
 * The back office's registrations (CONTRACT.md "After the applicant signs"), under
 * /api/v1/backoffice: one application's registrations, an operator's correction and retry, and the queue of
 * approved applications not yet tradable.
 */
import {
  correctionListReplySchema,
  correctionOtpBodySchema,
  notTradableReplySchema,
  registrationCorrectionReplySchema,
  registrationCorrectionSchema,
  registrationListReplySchema,
  registrationRetryParamsSchema,
  registrationRetryReplySchema,
} from '@ekyc/contracts/calls/backoffice-registrations';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { plainOk } from '../../lib/outcome.ts';
import { requireRole } from '../../auth/staff-guard.ts';
import {
  approveCorrection,
  listCorrections,
  proposeCorrection,
  rejectCorrection,
  verifyCorrectionOtp,
} from './correct-registration.ts';
import { listNotTradable } from './list-not-tradable.ts';
import { listRegistrations } from './list-registrations.ts';
import { retryRegistration } from './retry-registration.ts';
import { replies, withInput } from '../../lib/replies.ts';
import { TAG } from '../../lib/api-docs.ts';

const idParams = z.object({ id: z.uuid() });
const correctionParams = z.object({ id: z.uuid(), correction: z.uuid() });

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
    async (req) => plainOk('Registrations', await listRegistrations(deps, req.params.id)),
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
    async (req) => plainOk('Registration sent again', await retryRegistration(deps, req.params.id, req.params.kind)),
  );

  app.post(
    '/applications/:id/registrations/corrections',
    {
      schema: {
        operationId: 'correct-registration',
        summary: 'Propose a correction of the data a rejected or on-hold registration sends',
        description:
          'Maker and checker: the correction is kept until a different checker or administrator approves it (approve-correction); a new email is applied once the client confirms the OTP sent to it (verify-correction-otp).',
        tags: [TAG.backOffice],
        params: idParams,
        body: registrationCorrectionSchema,
        response: withInput(registrationCorrectionReplySchema),
      },
      preHandler: reviewer,
    },
    async (req) =>
      plainOk('Correction proposed', await proposeCorrection(deps, req.params.id, req.staffMember!.id, req.body)),
  );

  app.get(
    '/applications/:id/registrations/corrections',
    {
      schema: {
        operationId: 'list-corrections',
        summary: "List an application's corrections, proposed and decided, with what each changes",
        tags: [TAG.backOffice],
        params: idParams,
        response: withInput(correctionListReplySchema),
      },
      preHandler: reviewer,
    },
    async (req) =>
      plainOk('Corrections', { corrections: await listCorrections(deps, req.params.id, req.staffMember!.id) }),
  );

  app.post(
    '/applications/:id/registrations/corrections/:correction/approve',
    {
      schema: {
        operationId: 'approve-correction',
        summary: 'Approve a correction another staff member proposed (a checker or an administrator)',
        tags: [TAG.backOffice],
        params: correctionParams,
        response: withInput(registrationCorrectionReplySchema),
      },
      preHandler: reviewer,
    },
    async (req) =>
      plainOk(
        'Correction approved',
        await approveCorrection(deps, req.params.id, req.staffMember!, req.params.correction),
      ),
  );

  app.post(
    '/applications/:id/registrations/corrections/:correction/reject',
    {
      schema: {
        operationId: 'reject-correction',
        summary: 'Reject a correction before it is applied (its maker, a checker or an administrator)',
        tags: [TAG.backOffice],
        params: correctionParams,
        response: withInput(registrationCorrectionReplySchema),
      },
      preHandler: reviewer,
    },
    async (req) =>
      plainOk(
        'Correction rejected',
        await rejectCorrection(deps, req.params.id, req.staffMember!, req.params.correction),
      ),
  );

  app.post(
    '/applications/:id/registrations/corrections/:correction/verify',
    {
      schema: {
        operationId: 'verify-correction-otp',
        summary: 'Apply an approved email correction with the OTP the client received at the new address',
        tags: [TAG.backOffice],
        params: correctionParams,
        body: correctionOtpBodySchema,
        response: withInput(registrationCorrectionReplySchema),
      },
      preHandler: reviewer,
    },
    async (req) =>
      plainOk(
        'Correction applied',
        await verifyCorrectionOtp(deps, req.params.id, req.staffMember!.id, req.params.correction, req.body.otp),
      ),
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
    async () => plainOk('Approved, not yet tradable', await listNotTradable(deps)),
  );
};
