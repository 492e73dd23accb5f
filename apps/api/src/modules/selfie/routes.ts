/** Selfie with liveness: get-hypervege-token and upload-liveliness (section 7). */
import { getHypervegeTokenQuerySchema, getHypervegeTokenReplySchema } from '@ekyc/contracts/calls/get-hypervege-token';
import { uploadLivelinessReplySchema, uploadLivelinessRequestSchema } from '@ekyc/contracts/calls/upload-liveliness';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { getLivenessToken } from './get-liveness-token.ts';
import { livenessModuleRoutes } from './liveness-module.ts';
import { pollLiveness } from './poll-liveness.ts';
import { uploadSelfie } from './upload-selfie.ts';
import { replies, withInput } from '../../lib/replies.ts';

export const selfieRoutes: FastifyPluginAsyncZod = async (app) => {
  const { deps } = app;
  await app.register(livenessModuleRoutes);
  app.get(
    '/get-hypervege-token',
    {
      schema: { querystring: getHypervegeTokenQuerySchema, response: withInput(getHypervegeTokenReplySchema) },
      preHandler: app.requireApplicant,
    },
    async (req) => getLivenessToken(deps, req.applicant!.subjectId, req.query.action),
  );
  app.post(
    '/upload-liveliness',
    {
      schema: { body: uploadLivelinessRequestSchema, response: withInput(uploadLivelinessReplySchema) },
      preHandler: app.requireApplicant,
      bodyLimit: 2 * 1024 * 1024,
    },
    async (req) => uploadSelfie(deps, req.applicant!.subjectId, req.body),
  );
  app.get(
    '/upload-liveliness',
    { schema: { response: replies(uploadLivelinessReplySchema) }, preHandler: app.requireApplicant },
    async (req) => pollLiveness(deps, req.applicant!.subjectId),
  );
};
