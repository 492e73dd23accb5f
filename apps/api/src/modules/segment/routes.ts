import { getSegmentStatusRequestSchema } from '@ekyc/contracts/calls/get-segment-status';
import { updateSegmentRequestSchema } from '@ekyc/contracts/calls/update-segment';
import { dematChoiceRequestSchema } from '@ekyc/contracts/calls/demat-choice';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { checkSegmentStatus } from './check-segment-status.ts';
import { getDematChoice, updateDematChoice } from './demat-choice.ts';
import { listSegments } from './list-segments.ts';
import { updateSegment } from './update-segment.ts';

/** get-segment-list, update-segment, get-segment-status (section 7); the demat account's kind and DDPI. */
export const segmentRoutes: FastifyPluginAsyncZod = async (app) => {
  const { deps } = app;

  app.get('/get-segment-list', { preHandler: app.requireApplicant }, async () => listSegments(deps));

  app.post(
    '/update-segment',
    { schema: { body: updateSegmentRequestSchema() }, preHandler: app.requireApplicant },
    async (req) => updateSegment(deps, req.applicant!.subjectId, req.body),
  );

  app.post(
    '/get-segment-status',
    { schema: { body: getSegmentStatusRequestSchema }, preHandler: app.requireApplicant },
    async (req) => checkSegmentStatus(deps, req.applicant!.subjectId, req.body),
  );

  app.get('/get-demat-choice', { preHandler: app.requireApplicant }, async (req) =>
    getDematChoice(deps, req.applicant!.subjectId),
  );

  app.post(
    '/update-demat-choice',
    { schema: { body: dematChoiceRequestSchema }, preHandler: app.requireApplicant },
    async (req) => updateDematChoice(deps, req.applicant!.subjectId, req.body, new Date(deps.now())),
  );
};
