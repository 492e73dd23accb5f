/**
 * The back office's flow for a team: the checker's queue, the return to the maker,
 * staff notes, closing and reopening cases, and the coded reasons as data. Registered by
 * routes.ts under /api/v1/backoffice; each route parses, calls one use-case and maps its result.
 */
import {
  addNoteBodySchema,
  awaitingNextQuerySchema,
  awaitingQuerySchema,
  awaitingReplySchema,
  bulkConfirmBodySchema,
  bulkConfirmReplySchema,
  notesReplySchema,
  returnToMakerBodySchema,
  returnToMakerReplySchema,
} from '@ekyc/contracts/calls/backoffice-checker-queue';
import { closeBodySchema, closingReplySchema, reopenBodySchema } from '@ekyc/contracts/calls/backoffice-closing';
import { nextReplySchema } from '@ekyc/contracts/calls/backoffice-operations';
import {
  putReasonBodySchema,
  reasonCodeSchema,
  reasonReplySchema,
  reasonsReplySchema,
} from '@ekyc/contracts/calls/backoffice-reasons';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireRole } from '../../auth/staff-guard.ts';
import { TAG } from '../../lib/api-docs.ts';
import { plainOk } from '../../lib/outcome.ts';
import { replies, withInput } from '../../lib/replies.ts';
import { bulkConfirm, listAwaiting, nextAwaiting, returnToMaker } from './checker-queue/checker-queue.ts';
import { rejectFinally, reopenApplication } from './closing/close-application.ts';
import { addInternalNote, listNotes } from './notes/staff-notes.ts';
import { listReasons, putReason } from './reasons/reason-catalogue.ts';
import { idParams } from './route-params.ts';

export const backofficeFlowRoutes: FastifyPluginAsyncZod = async (app) => {
  const { deps } = app;
  const reviewer = requireRole(app, 'reviewer');
  const supervisor = requireRole(app, 'supervisor');
  const admin = requireRole(app, 'admin');

  app.get(
    '/applications/awaiting-confirmation',
    {
      schema: {
        operationId: 'list-awaiting-confirmation',
        summary: "The checker's queue: applications whose every stage is accepted, oldest waiting first",
        tags: [TAG.backOffice],
        querystring: awaitingQuerySchema,
        response: withInput(awaitingReplySchema),
      },
      preHandler: reviewer,
    },
    async (req) => plainOk('Awaiting confirmation', await listAwaiting(deps, req.staffMember!, req.query.page)),
  );

  app.get(
    '/applications/awaiting-confirmation/next',
    {
      schema: {
        operationId: 'next-awaiting-confirmation',
        summary: 'The id of the next application the signed-in checker may confirm',
        tags: [TAG.backOffice],
        querystring: awaitingNextQuerySchema,
        response: withInput(nextReplySchema),
      },
      preHandler: reviewer,
    },
    async (req) =>
      plainOk('Next application', { id: await nextAwaiting(deps, req.staffMember!, req.query.after ?? null) }),
  );

  app.post(
    '/applications/bulk-confirm',
    {
      schema: {
        operationId: 'bulk-confirm',
        summary: 'Confirm several approvals, each on its own (four eyes and audit per application)',
        tags: [TAG.backOffice],
        body: bulkConfirmBodySchema,
        response: withInput(bulkConfirmReplySchema),
      },
      preHandler: reviewer,
    },
    async (req) => plainOk('Bulk confirmation', { results: await bulkConfirm(deps, req.staffMember!, req.body.ids) }),
  );

  app.post(
    '/applications/:id/return-to-maker',
    {
      schema: {
        operationId: 'return-to-maker',
        summary: 'The checker returns an application to its maker with a note',
        tags: [TAG.backOffice],
        params: idParams,
        body: returnToMakerBodySchema,
        response: withInput(returnToMakerReplySchema),
      },
      preHandler: reviewer,
    },
    async (req) =>
      plainOk('Returned to the maker', await returnToMaker(deps, req.staffMember!, req.params.id, req.body.note)),
  );

  app.get(
    '/applications/:id/notes',
    {
      schema: {
        operationId: 'list-notes',
        summary: "An application's staff notes (never shown to the applicant), oldest first",
        tags: [TAG.backOffice],
        params: idParams,
        response: withInput(notesReplySchema),
      },
      preHandler: reviewer,
    },
    async (req) => plainOk('Notes', { notes: await listNotes(deps, req.params.id) }),
  );

  app.post(
    '/applications/:id/notes',
    {
      schema: {
        operationId: 'add-note',
        summary: 'Add an internal note to an application (not shown to the applicant)',
        tags: [TAG.backOffice],
        params: idParams,
        body: addNoteBodySchema,
        response: withInput(notesReplySchema),
      },
      preHandler: reviewer,
    },
    async (req) =>
      plainOk('Note added', { notes: await addInternalNote(deps, req.staffMember!, req.params.id, req.body.note) }),
  );

  app.post(
    '/applications/:id/close',
    {
      schema: {
        operationId: 'reject-finally',
        summary: 'Reject an application finally with a closing reason: it is closed and its PAN freed',
        tags: [TAG.backOffice],
        params: idParams,
        body: closeBodySchema,
        response: withInput(closingReplySchema),
      },
      preHandler: reviewer,
    },
    async (req) =>
      plainOk(
        'Application closed',
        await rejectFinally(deps, req.staffMember!, req.params.id, req.body.code, req.body.note),
      ),
  );

  app.post(
    '/applications/:id/reopen',
    {
      schema: {
        operationId: 'reopen-application',
        summary: 'Reopen a closed application (a supervisor or an administrator)',
        tags: [TAG.backOffice],
        params: idParams,
        body: reopenBodySchema,
        response: withInput(closingReplySchema),
      },
      preHandler: supervisor,
    },
    async (req) =>
      plainOk('Application reopened', await reopenApplication(deps, req.staffMember!, req.params.id, req.body.note)),
  );

  app.get(
    '/reasons',
    {
      schema: {
        operationId: 'list-reasons',
        summary: 'The coded reasons, each in its current version, in the five languages',
        tags: [TAG.backOffice],
        response: replies(reasonsReplySchema),
      },
      preHandler: reviewer,
    },
    async () => plainOk('Reasons', { reasons: await listReasons(deps) }),
  );

  app.put(
    '/reasons/:code',
    {
      schema: {
        operationId: 'put-reason',
        summary: 'Add a coded reason or a new version of one (an administrator)',
        tags: [TAG.backOffice],
        params: z.object({ code: reasonCodeSchema }),
        body: putReasonBodySchema,
        response: withInput(reasonReplySchema),
      },
      preHandler: admin,
    },
    async (req) =>
      plainOk('Reason saved', { reason: await putReason(deps, req.staffMember!, req.params.code, req.body) }),
  );
};
