/** Selfie with liveness: get-hypervege-token and upload-liveliness (section 7). */
import { getHypervegeTokenQuerySchema, getHypervegeTokenReplySchema } from '@ekyc/contracts/calls/get-hypervege-token';
import { uploadLivelinessReplySchema, uploadLivelinessRequestSchema } from '@ekyc/contracts/calls/upload-liveliness';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { getLivenessToken } from './get-liveness-token.ts';
import { livenessModuleRoutes } from './liveness-module.ts';
import { pollLiveness } from './poll-liveness.ts';
import { uploadSelfie } from './upload-selfie.ts';
import { replies, withInput } from '../../lib/replies.ts';
import { TAG } from '../../lib/api-docs.ts';

export const selfieRoutes: FastifyPluginAsyncZod = async (app) => {
  const { deps } = app;
  await app.register(livenessModuleRoutes);
  app.get(
    '/get-hypervege-token',
    {
      schema: {
        operationId: 'get-hypervege-token',
        summary:
          "Start a liveness check: the liveness provider's token and transaction (the spec's spelling of HyperVerge)",
        tags: [TAG.applicant],
        querystring: getHypervegeTokenQuerySchema,
        response: withInput(getHypervegeTokenReplySchema),
      },
      preHandler: app.requireApplicant,
    },
    async (req) => getLivenessToken(deps, req.applicant!.subjectId, req.query.action),
  );
  app.post(
    '/upload-liveliness',
    {
      schema: {
        operationId: 'upload-liveliness',
        summary: "Upload the selfie for the liveness and face check (the spec's spelling of liveness)",
        tags: [TAG.applicant],
        body: uploadLivelinessRequestSchema,
        response: withInput(uploadLivelinessReplySchema),
      },
      preHandler: app.requireApplicant,
      // the selfie and up to 8 small frames of the action
      bodyLimit: 4 * 1024 * 1024,
    },
    async (req) => uploadSelfie(deps, req.applicant!.subjectId, req.body, req.ip),
  );
  app.get(
    '/upload-liveliness',
    {
      schema: {
        operationId: 'get-upload-liveliness',
        summary: "Read the liveness check's result once the provider has it (the spec's spelling of liveness)",
        tags: [TAG.applicant],
        response: replies(uploadLivelinessReplySchema),
      },
      preHandler: app.requireApplicant,
    },
    async (req) => pollLiveness(deps, req.applicant!.subjectId),
  );
};
