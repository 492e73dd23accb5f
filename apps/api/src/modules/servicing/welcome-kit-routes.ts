/**
 * The client's welcome kit, one PDF per document, under /api/v1/client: the link My account gives
 * is the credential (a browser's link carries no bearer token), bound to a live client session.
 */
import { welcomeKitDocumentParamsSchema } from '@ekyc/contracts/calls/client-area';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { PUBLIC, TAG } from '../../lib/api-docs.ts';
import { alsoFails, fileReply, withInput } from '../../lib/replies.ts';
import { readWelcomeKitDocument } from './welcome-kit.ts';

export const welcomeKitRoutes: FastifyPluginAsyncZod = async (app) => {
  const { deps } = app;

  app.get(
    '/documents/welcome-kit/:key',
    {
      schema: {
        operationId: 'get-welcome-kit-document',
        summary: "A document of the client's welcome kit as a PDF, by the link My account gives",
        description:
          'As the welcome email carried it: dated on the account’s activation day, the sample tariff of the client’s plan, the broker’s own file where WELCOME_KIT_DIR has one. The link (exp, sid, sig) is the credential, bound to the client session of my-account: 401 when it is missing, forged or expired, its session has ended or is not a client’s; 404 when the account is not open.',
        tags: [TAG.client],
        security: PUBLIC,
        params: welcomeKitDocumentParamsSchema,
        querystring: z.object({
          exp: z.string().max(20).optional(),
          sid: z.string().max(64).optional(),
          sig: z.string().max(128).optional(),
        }),
        response: {
          ...withInput(fileReply('The document, as an attachment', 'application/pdf')),
          ...alsoFails(401, 404),
        },
      },
    },
    async (req, reply) => {
      const { filename, bytes } = await readWelcomeKitDocument(deps, req.params.key, req.query);
      return reply
        .header('content-type', 'application/pdf')
        .header('content-disposition', `attachment; filename="${filename}"`)
        .header('content-security-policy', "default-src 'none'; sandbox")
        .header('x-content-type-options', 'nosniff')
        .header('cache-control', 'private, no-store')
        .send(bytes);
    },
  );
};
