/** get-user-details, get-ref-code and signed file downloads. */
import { MSG } from '@ekyc/contracts/messages';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../lib/errors.ts';
import { buildUserDetails } from '../../records/user-details.ts';

/** File name extensions of the stored types. */
const EXTENSIONS: Record<string, string> = { 'image/jpeg': '.jpg', 'image/png': '.png', 'application/pdf': '.pdf' };

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
      // Always a download: a browser never renders an uploaded file as a page of this origin
      // (a PDF reader's scripts, an HTML polyglot); <img> and fetch still read the bytes.
      const name = `${file.kind}-${id.slice(0, 8)}${EXTENSIONS[file.contentType] ?? ''}`;
      return reply
        .header('content-type', file.contentType)
        .header('content-disposition', `attachment; filename="${name}"`)
        .header('content-security-policy', "default-src 'none'; img-src 'self'; style-src 'unsafe-inline'; sandbox")
        .header('x-content-type-options', 'nosniff')
        .header('cache-control', 'private, no-store')
        .send(file.bytes);
    },
  );
};
