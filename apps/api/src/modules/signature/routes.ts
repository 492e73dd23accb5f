import { uploadSignatureRequestSchema } from '@ekyc/contracts/calls/upload-signature';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { uploadSignature } from './upload-signature.ts';

export const signatureRoutes: FastifyPluginAsyncZod = async (app) => {
  const { deps } = app;
  app.post(
    '/upload-signature',
    { schema: { body: uploadSignatureRequestSchema }, preHandler: app.requireApplicant },
    async (req) => uploadSignature(deps, req.applicant!.subjectId, req.body),
  );
};
