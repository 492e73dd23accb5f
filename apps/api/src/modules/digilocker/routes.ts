/** initilize-digilocker, initilize-digi, get-digi-data and digi-ovd-verify (section 7). */
import { getDigiDataQuerySchema } from '@ekyc/contracts/calls/digilocker-data';
import { digiOvdQuerySchema, digiOvdRequestSchema } from '@ekyc/contracts/calls/digi-ovd-verify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { confirmDigilocker } from './confirm-digilocker.ts';
import { fetchDigilockerDocuments } from './fetch-digilocker-documents.ts';
import { startDigilocker } from './start-digilocker.ts';
import { submitOvdDocuments } from './submit-ovd-documents.ts';

export const digilockerRoutes: FastifyPluginAsyncZod = async (app) => {
  const { deps } = app;
  const auth = { preHandler: app.requireApplicant };

  app.get('/initilize-digilocker', auth, async (req) => startDigilocker(deps, req.applicant!.subjectId));
  // The retry after a failure starts a new request the same way.
  app.get('/initilize-digi', auth, async (req) => startDigilocker(deps, req.applicant!.subjectId));

  app.get('/get-digi-data', { ...auth, schema: { querystring: getDigiDataQuerySchema } }, async (req) => {
    const id = req.applicant!.subjectId;
    const q = req.query;
    return q.code || q.state || q.error ? fetchDigilockerDocuments(deps, id, q) : confirmDigilocker(deps, id);
  });

  app.post(
    '/digi-ovd-verify',
    { ...auth, schema: { querystring: digiOvdQuerySchema, body: digiOvdRequestSchema } },
    async (req) => submitOvdDocuments(deps, req.applicant!.subjectId, req.body),
  );
};
