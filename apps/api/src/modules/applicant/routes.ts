/** get-user-details, get-ref-code and signed file downloads. */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../lib/errors.ts';
import { buildUserDetails } from '../../records/user-details.ts';
import { replies } from '../../lib/replies.ts';
import { getUserDetailsReplySchema } from '@ekyc/contracts/calls/get-user-details';
import { getRefCodeReplySchema } from '@ekyc/contracts/calls/get-ref-code';

/** A stored file's id: anything else names nothing. */
const FILE_ID = /^[0-9a-f-]{36}$/;

/** File name extensions of the stored types. */
const EXTENSIONS: Record<string, string> = { 'image/jpeg': '.jpg', 'image/png': '.png', 'application/pdf': '.pdf' };

export const applicantRoutes: FastifyPluginAsyncZod = async (app) => {
  const { deps } = app;

  app.get(
    '/get-user-details',
    { schema: { response: replies(getUserDetailsReplySchema) }, preHandler: app.requireApplicant },
    async (req) => ({
      status: true,
      message: 'User details',
      data: await buildUserDetails(deps.records, req.applicant!.subjectId, req.applicant!.sessionId),
    }),
  );

  app.get(
    '/get-ref-code',
    { schema: { response: replies(getRefCodeReplySchema) }, preHandler: app.requireApplicant },
    async (req) => {
      const applicant = await deps.records.get(req.applicant!.subjectId);
      return {
        status: true,
        message: 'Referral code',
        data: { refcode: applicant.refcode, own_refcode: applicant.ownRefcode },
      };
    },
  );

  /*
   * A file link carries its own token (exp, sid, sig). The contract's codes: 401 when that token is
   * missing, forged, expired or revoked (its session ended); 404 when the link names no stored file.
   */
  app.get(
    '/files/:id',
    {
      schema: {
        params: z.object({ id: z.string().max(64) }),
        querystring: z.object({
          exp: z.string().max(20).optional(),
          sid: z.string().max(64).optional(),
          sig: z.string().max(128).optional(),
          download: z.string().optional(),
        }),
      },
    },
    async (req, reply) => {
      const { id } = req.params;
      if (!FILE_ID.test(id)) throw new AppError('NOT_FOUND');
      const { exp, sid, sig } = req.query;
      if (!exp || !sid || !sig || !/^\d{1,15}$/.test(exp)) throw new AppError('UNAUTHORIZED', 'unauthorized');
      if (!deps.records.verifyFileUrl(id, Number(exp), sid, sig) || !(await deps.sessions.isLive(sid)))
        throw new AppError('UNAUTHORIZED', 'unauthorized');
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
