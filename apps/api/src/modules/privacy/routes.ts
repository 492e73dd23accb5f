import {
  consentsReplySchema,
  requestErasureReplySchema,
  requestErasureRequestSchema,
  updateConsentRequestSchema,
} from '@ekyc/contracts/calls/consents';
import {
  accountClosureReplySchema,
  breachAffectedReplySchema,
  breachesReplySchema,
  breachReplySchema,
  closeAccountBodySchema,
  recordBreachBodySchema,
} from '@ekyc/contracts/calls/backoffice-privacy';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireRole } from '../../auth/staff-guard.ts';
import { plainOk } from '../../lib/outcome.ts';
import { breachAffected, listBreaches, markBoardNotified, recordBreach } from './breaches.ts';
import { closeAccount } from './close-account.ts';
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

const idParams = z.object({ id: z.guid() });

/** The back office's privacy calls, for admins only: account closure (retention) and breaches (DPDP). */
export const privacyBackofficeRoutes: FastifyPluginAsyncZod = async (app) => {
  const { deps } = app;
  const admin = requireRole(app, 'admin');

  app.post(
    '/applications/:id/close-account',
    {
      schema: {
        operationId: 'close-account',
        summary: "Record the client's account closure: the day every retention hold starts from",
        tags: [TAG.backOffice],
        params: idParams,
        body: closeAccountBodySchema,
        response: withInput(accountClosureReplySchema),
      },
      preHandler: admin,
    },
    async (req) => plainOk('Account closed', await closeAccount(deps, req.staffMember!.id, req.params.id, req.body)),
  );

  app.get(
    '/privacy/breaches',
    {
      schema: {
        operationId: 'list-breaches',
        summary: 'List the personal-data breaches recorded',
        tags: [TAG.backOffice],
        response: replies(breachesReplySchema),
      },
      preHandler: admin,
    },
    async () => plainOk('Breaches', await listBreaches(deps)),
  );

  app.post(
    '/privacy/breaches',
    {
      schema: {
        operationId: 'record-breach',
        summary: 'Record a personal-data breach: when, what, which data, whose',
        tags: [TAG.backOffice],
        body: recordBreachBodySchema,
        response: withInput(breachReplySchema),
      },
      preHandler: admin,
    },
    async (req) => plainOk('Breach recorded', await recordBreach(deps, req.staffMember!.id, req.body)),
  );

  app.get(
    '/privacy/breaches/:id/affected',
    {
      schema: {
        operationId: 'list-breach-affected',
        summary: 'List the applicants a breach affects, with their contacts (audited)',
        tags: [TAG.backOffice],
        params: idParams,
        response: withInput(breachAffectedReplySchema),
      },
      preHandler: admin,
    },
    async (req) => plainOk('Applicants affected', await breachAffected(deps, req.staffMember!.id, req.params.id)),
  );

  app.post(
    '/privacy/breaches/:id/board-notified',
    {
      schema: {
        operationId: 'mark-breach-board-notified',
        summary: 'Record that the Data Protection Board was told of the breach',
        tags: [TAG.backOffice],
        params: idParams,
        response: withInput(breachReplySchema),
      },
      preHandler: admin,
    },
    async (req) => plainOk('Board notified', await markBoardNotified(deps, req.staffMember!.id, req.params.id)),
  );
};
