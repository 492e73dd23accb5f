/** get-user-details, get-ref-code and signed file downloads. */
import { MSG } from '@ekyc/contracts/messages';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../lib/errors.ts';
import { buildUserDetails } from '../../records/user-details.ts';

/** Types served inline; anything else downloads. Never active content. */
const INLINE_TYPES = new Set(['image/jpeg', 'image/png', 'application/pdf']);

export const applicantRoutes: FastifyPluginAsyncZod = async (app) => {
  const { deps } = app;

  app.get('/get-user-details', { preHandler: app.requireApplicant }, async (req) => ({
    status: true,
    message: 'User details',
    data: await buildUserDetails(deps.records, req.applicant!.subjectId, req.applicant!.sessionId),
  }));

  app.get('/get-ref-code', { preHandler: app.requireApplicant }, async (req) => {
    const applicant = await deps.records.get(req.applicant!.subjectId);
    return {
      status: true,
      message: 'Referral code',
      data: { refcode: applicant.refcode, own_refcode: applicant.ownRefcode },
    };
  });

  app.get(
    '/files/:id',
    {
      schema: {
        params: z.object({ id: z.string().max(64) }),
        querystring: z.object({
          exp: z.coerce.number(),
          sid: z.string().max(64),
          sig: z.string().max(128),
          download: z.string().optional(),
        }),
      },
    },
    async (req, reply) => {
      const { id } = req.params;
      const { exp, sid, sig } = req.query;
      if (!deps.records.verifyFileUrl(id, exp, sid, sig) || !(await deps.sessions.isLive(sid)))
        throw new AppError('FORBIDDEN', MSG.unauthorized);
      const file = await deps.records.readFile(id);
      if (!file) throw new AppError('NOT_FOUND');
      const inline = INLINE_TYPES.has(file.contentType) && req.query.download === undefined;
      return reply
        .header('content-type', file.contentType)
        .header('content-disposition', `${inline ? 'inline' : 'attachment'}; filename="${file.kind}-${id.slice(0, 8)}"`)
        .header('content-security-policy', "default-src 'none'; img-src 'self'; style-src 'unsafe-inline'; sandbox")
        .header('cache-control', 'private, no-store')
        .send(file.bytes);
    },
  );
};
