/** get-user-details, get-ref-code and signed file downloads. */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../lib/errors.ts';
import { buildUserDetails } from '../../records/user-details.ts';
import { ok } from '../../lib/outcome.ts';
import { alsoFails, fileReply, replies } from '../../lib/replies.ts';
import { getUserDetailsReplySchema } from '@ekyc/contracts/calls/get-user-details';
import { getRefCodeReplySchema } from '@ekyc/contracts/calls/get-ref-code';
import { PUBLIC, TAG } from '../../lib/api-docs.ts';

/** File name extensions of the stored types. */
const EXTENSIONS: Record<string, string> = { 'image/jpeg': '.jpg', 'image/png': '.png', 'application/pdf': '.pdf' };

export const applicantRoutes: FastifyPluginAsyncZod = async (app) => {
  const { deps } = app;

  app.get(
    '/get-user-details',
    {
      schema: {
        operationId: 'get-user-details',
        summary: "Read the applicant's record: stage, sections and signed links to the stored files",
        tags: [TAG.applicant],
        response: replies(getUserDetailsReplySchema),
      },
      preHandler: app.requireApplicant,
    },
    async (req) =>
      ok('userDetails', await buildUserDetails(deps.records, req.applicant!.subjectId, req.applicant!.sessionId)),
  );

  app.get(
    '/get-ref-code',
    {
      schema: {
        operationId: 'get-ref-code',
        summary: "Read the referral code the applicant came with and the applicant's own",
        tags: [TAG.applicant],
        response: replies(getRefCodeReplySchema),
      },
      preHandler: app.requireApplicant,
    },
    async (req) => {
      const applicant = await deps.records.get(req.applicant!.subjectId);
      return ok('referralCode', { refcode: applicant.refcode, own_refcode: applicant.ownRefcode });
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
        operationId: 'get-file',
        summary: 'Download a stored file by its signed link',
        description:
          'The link itself is the credential (exp, sid, sig), as get-user-details gives it: 401 when it is missing, forged or expired or its session has ended; 404 when it names no stored file (400 when the id is not a uuid). Always an attachment.',
        tags: [TAG.applicant],
        security: PUBLIC,
        params: z.object({ id: z.uuid() }),
        querystring: z.object({
          exp: z.string().max(20).optional(),
          sid: z.string().max(64).optional(),
          sig: z.string().max(128).optional(),
          download: z.string().optional(),
        }),
        response: { 200: fileReply('The file, as an attachment', ...Object.keys(EXTENSIONS)), ...alsoFails(401) },
      },
    },
    async (req, reply) => {
      const { id } = req.params;
      const { exp, sid, sig } = req.query;
      if (!exp || !sid || !sig || !/^\d{1,15}$/.test(exp)) throw new AppError('UNAUTHORIZED', 'unauthorized');
      const holder = deps.records.verifyFileUrl(id, Number(exp), sid, sig) ? await deps.sessions.liveHolder(sid) : null;
      if (!holder) throw new AppError('UNAUTHORIZED', 'unauthorized');
      const file = await deps.records.readFile(id);
      if (!file) throw new AppError('NOT_FOUND');
      // a staff member's download enters the application's audit trail
      if (holder.kind === 'staff' && file.applicantId)
        await deps.records.auditIn(deps.database.db, file.applicantId, {
          actorId: holder.subjectId,
          action: 'document.downloaded',
          after: { file: id, kind: file.kind },
        });
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
