/** Client profiling (stage 150): the four lists, the per-sub-step draft, and personal-details-update. */
import { PROFILING_LISTS, profilingListReplySchema } from '@ekyc/contracts/calls/get-occupation-list';
import {
  personalDetailsUpdateBodySchema,
  personalDetailsUpdateReplySchema,
} from '@ekyc/contracts/calls/personal-details-update';
import {
  profilingDraftReplySchema,
  saveProfilingDraftReplySchema,
  saveProfilingDraftRequestSchema,
} from '@ekyc/contracts/calls/profiling-draft';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { getProfilingDraft } from './get-profiling-draft.ts';
import { listProfilingOptions } from './list-profiling-options.ts';
import { saveProfilingDraft } from './save-profiling-draft.ts';
import { updatePersonalDetails } from './update-personal-details.ts';
import { replies, withInput } from '../../lib/replies.ts';
import { TAG } from '../../lib/api-docs.ts';

export const profilingRoutes: FastifyPluginAsyncZod = async (app) => {
  const { deps } = app;

  for (const list of PROFILING_LISTS)
    app.get(
      `/get-${list}-list`,
      {
        schema: {
          operationId: `get-${list}-list`,
          summary: `List the ${list} options of the profile`,
          tags: [TAG.applicant],
          response: replies(profilingListReplySchema),
        },
        preHandler: app.requireApplicant,
      },
      async () => listProfilingOptions(deps, list),
    );

  app.get(
    '/get-profiling-draft',
    {
      schema: {
        operationId: 'get-profiling-draft',
        summary: 'Read the profiling answers saved so far',
        tags: [TAG.applicant],
        response: replies(profilingDraftReplySchema),
      },
      preHandler: app.requireApplicant,
    },
    async (req) => getProfilingDraft(deps, req.applicant!.subjectId),
  );

  app.post(
    '/save-profiling-draft',
    {
      schema: {
        operationId: 'save-profiling-draft',
        summary: "Save one profiling sub-step's answers as a draft",
        tags: [TAG.applicant],
        body: saveProfilingDraftRequestSchema,
        response: withInput(saveProfilingDraftReplySchema),
      },
      preHandler: app.requireApplicant,
    },
    async (req) => saveProfilingDraft(deps, req.applicant!.subjectId, req.body),
  );

  app.post(
    '/personal-details-update',
    {
      schema: {
        operationId: 'personal-details-update',
        summary: 'Save the personal details and the profile, completing client profiling',
        tags: [TAG.applicant],
        body: personalDetailsUpdateBodySchema,
        response: withInput(personalDetailsUpdateReplySchema),
      },
      preHandler: app.requireApplicant,
    },
    async (req) => updatePersonalDetails(deps, req.applicant!.subjectId, req.body),
  );
};
