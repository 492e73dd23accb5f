import { getSegmentStatusReplySchema, getSegmentStatusRequestSchema } from '@ekyc/contracts/calls/get-segment-status';
import { updateSegmentReplySchema, updateSegmentRequestSchema } from '@ekyc/contracts/calls/update-segment';
import { dematChoiceReplySchema, dematChoiceRequestSchema } from '@ekyc/contracts/calls/demat-choice';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { checkSegmentStatus } from './check-segment-status.ts';
import { getDematChoice, updateDematChoice } from './demat-choice.ts';
import { listSegments } from './list-segments.ts';
import { updateSegment } from './update-segment.ts';
import { replies, withInput } from '../../lib/replies.ts';
import { getSegmentListReplySchema } from '@ekyc/contracts/calls/get-segment-list';
import { TAG } from '../../lib/api-docs.ts';

/** get-segment-list, update-segment, get-segment-status (section 7); the demat account's kind and DDPI. */
export const segmentRoutes: FastifyPluginAsyncZod = async (app) => {
  const { deps } = app;

  app.get(
    '/get-segment-list',
    {
      schema: {
        operationId: 'get-segment-list',
        summary: 'List the trading segments the applicant can choose',
        tags: [TAG.applicant],
        response: replies(getSegmentListReplySchema),
      },
      preHandler: app.requireApplicant,
    },
    async () => listSegments(deps),
  );

  app.post(
    '/update-segment',
    {
      schema: {
        operationId: 'update-segment',
        summary:
          'Choose the segments, with the financial proof that derivatives need (a document or the account aggregator)',
        tags: [TAG.applicant],
        body: updateSegmentRequestSchema(),
        response: withInput(updateSegmentReplySchema),
      },
      preHandler: app.requireApplicant,
    },
    async (req) => updateSegment(deps, req.applicant!.subjectId, req.body),
  );

  app.post(
    '/get-segment-status',
    {
      schema: {
        operationId: 'get-segment-status',
        summary: "Settle the segments after the account aggregator's window returns",
        tags: [TAG.applicant],
        body: getSegmentStatusRequestSchema,
        response: withInput(getSegmentStatusReplySchema),
      },
      preHandler: app.requireApplicant,
    },
    async (req) => checkSegmentStatus(deps, req.applicant!.subjectId, req.body),
  );

  app.get(
    '/get-demat-choice',
    {
      schema: {
        operationId: 'get-demat-choice',
        summary: "Read the demat account's kind and the DDPI choice",
        tags: [TAG.applicant],
        response: replies(dematChoiceReplySchema),
      },
      preHandler: app.requireApplicant,
    },
    async (req) => getDematChoice(deps, req.applicant!.subjectId),
  );

  app.post(
    '/update-demat-choice',
    {
      schema: {
        operationId: 'update-demat-choice',
        summary: "Choose the demat account's kind and whether to give a DDPI",
        tags: [TAG.applicant],
        body: dematChoiceRequestSchema,
        response: withInput(dematChoiceReplySchema),
      },
      preHandler: app.requireApplicant,
    },
    async (req) => updateDematChoice(deps, req.applicant!.subjectId, req.body, new Date(deps.now())),
  );
};
