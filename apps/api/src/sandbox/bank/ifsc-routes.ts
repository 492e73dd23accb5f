/** GET /sandbox/ifsc/:code in the public IFSC directory's wire format (404 when unknown). */
import { normaliseIfsc } from '@ekyc/contracts/rules';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { LocalIfscDirectory } from '../../providers/ifsc/local-directory.ts';

export const sandboxIfscRoutes: FastifyPluginAsyncZod = async (app) => {
  const directory = new LocalIfscDirectory(() => app.deps.database);
  app.get('/sandbox/ifsc/:code', { schema: { params: z.object({ code: z.string().max(20) }) } }, async (req, reply) => {
    const found = await directory.lookup(normaliseIfsc(req.params.code));
    if (!found) return reply.status(404).send('"Not Found"');
    return found;
  });
};
