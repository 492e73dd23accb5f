import { nomineeConfigResponseDataSchema, updateNomineeRequestSchema } from '@ekyc/contracts/calls/update-nominee';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { updateNominee } from './update-nominee.ts';

/** Room for the most nominees, each with two proofs of up to 2 MB as base64. */
const bodyLimitFor = (maxNominees: number, base: number) =>
  Math.max(base, maxNominees * 2 * Math.ceil((2 * 1024 * 1024 * 4) / 3) + 256 * 1024);

export const nomineeRoutes: FastifyPluginAsyncZod = async (app) => {
  const { deps } = app;
  const { maxNominees } = deps.config;

  app.get('/get-nominee-config', { preHandler: app.requireApplicant }, async () => ({
    status: true,
    message: 'Nominee settings',
    data: nomineeConfigResponseDataSchema.parse({ max_nominees: maxNominees }),
  }));

  app.post(
    '/update-nominee',
    {
      schema: { body: updateNomineeRequestSchema({ maxNominees }) },
      bodyLimit: bodyLimitFor(maxNominees, deps.config.bodyLimit),
      preHandler: app.requireApplicant,
    },
    async (req) => updateNominee(deps, req.applicant!.subjectId, req.body),
  );
};
