/**
 * One application: reading it, the stage decisions, the checker's confirmation, its rule set, its
 * audit trail and its evidence bundle.
 * Registered by routes.ts under /api/v1/backoffice; each route parses, calls one use-case and maps its result.
 */
import {
  applicationReplySchema,
  approvalConfirmReplySchema,
  decisionBodySchema,
  decisionReplySchema,
  withdrawSendBackBodySchema,
} from '@ekyc/contracts/calls/backoffice-application';
import { auditReplySchema } from '@ekyc/contracts/calls/backoffice-audit';
import { applicationRuleSetReplySchema, ruleSetMoveBodySchema } from '@ekyc/contracts/calls/backoffice-rule-set';
import { emptyReplySchema } from '@ekyc/contracts/envelope';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireRole } from '../../auth/staff-guard.ts';
import { TAG } from '../../lib/api-docs.ts';
import { plainOk } from '../../lib/outcome.ts';
import { fileReply, withInput } from '../../lib/replies.ts';
import { getApplicationRuleSet, moveApplicationRuleSet } from './application-rule-set.ts';
import { confirmApproval } from './confirm-approval.ts';
import { decideStages } from './decide-stages.ts';
import { evidenceBundle } from './evidence-bundle.ts';
import { getApplication } from './get-application.ts';
import { getAuditTrail } from './get-audit-trail.ts';
import { reviewExtras } from './review-extras.ts';
import { idParams } from './route-params.ts';
import { withdrawSendBack } from './withdraw-send-back.ts';
import type { ReviewWatch } from './review-watch.ts';

export const applicationRoutes: FastifyPluginAsyncZod<{ watch: ReviewWatch }> = async (app, { watch }) => {
  const { deps } = app;
  const reviewer = requireRole(app, 'reviewer');
  const compliance = requireRole(app, 'compliance');

  app.get(
    '/applications/:id',
    {
      schema: {
        operationId: 'get-application',
        summary: "Read one application: its status, stages, sections, checks and its reviewer's claim",
        tags: [TAG.backOffice],
        params: idParams,
        response: withInput(applicationReplySchema),
      },
      preHandler: reviewer,
    },
    async (req) => {
      const data = await getApplication(deps, req.staffMember!, req.params.id, req.staff!.sessionId);
      return plainOk('Application', { ...data, ...(await reviewExtras(deps, req.staffMember!, req.params.id)) });
    },
  );

  app.post(
    '/applications/:id/decisions',
    {
      schema: {
        operationId: 'decide-stages',
        summary: "Accept, send back or reject an application's stages",
        tags: [TAG.backOffice],
        params: idParams,
        body: decisionBodySchema,
        response: withInput(decisionReplySchema),
      },
      preHandler: reviewer,
    },
    async (req) => {
      const result = await decideStages(deps, req.staffMember!, req.params.id, req.body.decisions, req.body.note);
      if (result.status === 'Rejected') await watch.watch(req.params.id);
      return plainOk('Decision saved', result);
    },
  );

  app.post(
    '/applications/:id/withdraw-send-back',
    {
      schema: {
        operationId: 'withdraw-send-back',
        summary: 'Withdraw the send-back of a stage the applicant has not resubmitted yet',
        tags: [TAG.backOffice],
        params: idParams,
        body: withdrawSendBackBodySchema,
        response: withInput(decisionReplySchema),
      },
      preHandler: reviewer,
    },
    async (req) =>
      plainOk('Send-back withdrawn', await withdrawSendBack(deps, req.staffMember!, req.params.id, req.body.stage)),
  );

  // The checker's step after every stage is accepted (four eyes: not the reviewer who accepted);
  // the registrations start then, and Completed follows their acceptance.
  app.post(
    '/applications/:id/confirm',
    {
      schema: {
        operationId: 'confirm-approval',
        summary: 'Confirm the approval once every stage is accepted: the registrations start',
        description:
          'Four eyes: a checker or an administrator, not the staff member who accepted the stages (403 otherwise).',
        tags: [TAG.backOffice],
        params: idParams,
        response: withInput(approvalConfirmReplySchema),
      },
      preHandler: reviewer,
    },
    async (req) =>
      plainOk('Approval confirmed', {
        ...(await confirmApproval(deps, req.staffMember!, req.params.id)),
        client_code: null,
      }),
  );

  app.get(
    '/applications/:id/rule-set',
    {
      schema: {
        operationId: 'get-application-rule-set',
        summary: 'Read the rule set an application is held to, and what moving it to today’s would change',
        tags: [TAG.backOffice],
        params: idParams,
        response: withInput(applicationRuleSetReplySchema),
      },
      preHandler: reviewer,
    },
    async (req) => plainOk('Rule set', await getApplicationRuleSet(deps, req.params.id)),
  );

  app.post(
    '/applications/:id/rule-set',
    {
      schema: {
        operationId: 'move-application-rule-set',
        summary: 'Move an application to another rule set (compliance or an administrator)',
        tags: [TAG.backOffice],
        params: idParams,
        body: ruleSetMoveBodySchema,
        response: withInput(applicationRuleSetReplySchema),
      },
      preHandler: compliance,
    },
    async (req) =>
      plainOk('Rule set moved', await moveApplicationRuleSet(deps, req.staffMember!.id, req.params.id, req.body.to)),
  );

  app.get(
    '/applications/:id/audit',
    {
      schema: {
        operationId: 'get-audit-trail',
        summary: "Read an application's audit trail",
        tags: [TAG.backOffice],
        params: idParams,
        response: withInput(auditReplySchema),
      },
      preHandler: reviewer,
    },
    async (req) => plainOk('Audit trail', await getAuditTrail(deps, req.params.id)),
  );

  app.get(
    '/applications/:id/evidence-bundle',
    {
      schema: {
        operationId: 'get-evidence-bundle',
        summary: "Download an application's sealed evidence bundle for an inspection (ZIP)",
        description:
          'Unmasked: compliance or an administrator only (403 otherwise); each download is audited, and one staff member downloads at most EVIDENCE_BUNDLES_PER_HOUR an hour (429 with Retry-After).',
        tags: [TAG.backOffice],
        params: idParams,
        response: {
          200: fileReply('The evidence bundle, a ZIP file (an attachment)', 'application/zip'),
          429: emptyReplySchema,
        },
      },
      preHandler: compliance,
    },
    async (req, reply) => {
      const bundle = await evidenceBundle(deps, req.staffMember!, req.params.id);
      return reply
        .header('content-type', 'application/zip')
        .header('content-disposition', `attachment; filename="${bundle.filename}"`)
        .header('cache-control', 'no-store')
        .send(bundle.bytes);
    },
  );
};
