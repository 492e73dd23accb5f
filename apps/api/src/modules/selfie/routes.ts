/** Selfie with liveness: get-hypervege-token and upload-liveliness (section 7). */
import { getHypervegeTokenQuerySchema } from '@ekyc/contracts/calls/get-hypervege-token';
import { uploadLivelinessRequestSchema } from '@ekyc/contracts/calls/upload-liveliness';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { getLivenessToken } from './get-liveness-token.ts';
import { livenessModuleRoutes } from './liveness-module.ts';
import { pollLiveness } from './poll-liveness.ts';
import { uploadSelfie } from './upload-selfie.ts';

export const selfieRoutes: FastifyPluginAsyncZod = async (app) => {
  const { deps } = app;
  await app.register(livenessModuleRoutes);
  app.get(
    '/get-hypervege-token',
    { schema: { querystring: getHypervegeTokenQuerySchema }, preHandler: app.requireApplicant },
    async (req) => getLivenessToken(deps, req.applicant!.subjectId, req.query.action),
  );
  app.post(
    '/upload-liveliness',
    { schema: { body: uploadLivelinessRequestSchema }, preHandler: app.requireApplicant, bodyLimit: 2 * 1024 * 1024 },
    async (req) => uploadSelfie(deps, req.applicant!.subjectId, req.body),
  );
  app.get('/upload-liveliness', { preHandler: app.requireApplicant }, async (req) =>
    pollLiveness(deps, req.applicant!.subjectId),
  );
};
