import { uploadSignatureReplySchema, uploadSignatureRequestSchema } from '@ekyc/contracts/calls/upload-signature';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { uploadSignature } from './upload-signature.ts';
import { withInput } from '../../lib/replies.ts';
import { TAG } from '../../lib/api-docs.ts';

export const signatureRoutes: FastifyPluginAsyncZod = async (app) => {
  const { deps } = app;
  app.post(
    '/upload-signature',
    {
      schema: {
        operationId: 'upload-signature',
        summary: "Upload the applicant's signature (an image as a base64 data URL)",
        tags: [TAG.applicant],
        body: uploadSignatureRequestSchema,
        response: withInput(uploadSignatureReplySchema),
      },
      preHandler: app.requireApplicant,
    },
    async (req) => uploadSignature(deps, req.applicant!.subjectId, req.body),
  );
};
