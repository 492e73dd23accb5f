/** initilize-digilocker, initilize-digi, get-digi-data and digi-ovd-verify (section 7). */
import { getDigiDataQuerySchema, getDigiDataReplySchema } from '@ekyc/contracts/calls/digilocker-data';
import { digiOvdQuerySchema, digiOvdReplySchema, digiOvdRequestSchema } from '@ekyc/contracts/calls/digi-ovd-verify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { confirmDigilocker } from './confirm-digilocker.ts';
import { fetchDigilockerDocuments } from './fetch-digilocker-documents.ts';
import { startDigilocker } from './start-digilocker.ts';
import { submitOvdDocuments } from './submit-ovd-documents.ts';
import { replies, withInput } from '../../lib/replies.ts';
import { digilockerInitializeReplySchema } from '@ekyc/contracts/calls/digilocker-initialize';
import { TAG } from '../../lib/api-docs.ts';

export const digilockerRoutes: FastifyPluginAsyncZod = async (app) => {
  const { deps } = app;
  const auth = { preHandler: app.requireApplicant };
  const start = (operationId: string, summary: string) => ({
    ...auth,
    schema: { operationId, summary, tags: [TAG.applicant], response: replies(digilockerInitializeReplySchema) },
  });

  app.get(
    '/initilize-digilocker',
    start(
      'initilize-digilocker',
      "Start the Aadhaar fetch at DigiLocker: the URL of DigiLocker's consent page (the spec's spelling of initialize)",
    ),
    async (req) => startDigilocker(deps, req.applicant!.subjectId),
  );
  // The retry after a failure starts a new request the same way.
  app.get(
    '/initilize-digi',
    start('initilize-digi', "Start DigiLocker again after a failure (the spec's spelling of initialize)"),
    async (req) => startDigilocker(deps, req.applicant!.subjectId),
  );

  app.get(
    '/get-digi-data',
    {
      ...auth,
      schema: {
        operationId: 'get-digi-data',
        summary: 'Fetch the Aadhaar from DigiLocker on the return from its consent page (code, state), or confirm it',
        tags: [TAG.applicant],
        querystring: getDigiDataQuerySchema,
        response: withInput(getDigiDataReplySchema),
      },
    },
    async (req) => {
      const id = req.applicant!.subjectId;
      const q = req.query;
      return q.code || q.state || q.error ? fetchDigilockerDocuments(deps, id, q) : confirmDigilocker(deps, id);
    },
  );

  app.post(
    '/digi-ovd-verify',
    {
      ...auth,
      schema: {
        operationId: 'digi-ovd-verify',
        summary: 'Upload an officially valid document (front and back, base64) in place of DigiLocker',
        tags: [TAG.applicant],
        querystring: digiOvdQuerySchema,
        body: digiOvdRequestSchema,
        response: withInput(digiOvdReplySchema),
      },
    },
    async (req) => submitOvdDocuments(deps, req.applicant!.subjectId, req.body),
  );
};
