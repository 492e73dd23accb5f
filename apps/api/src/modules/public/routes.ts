/** Public calls that need no sign-in, under /api/v1/public. */
import { watchlistQuerySchema, watchlistReplySchema } from '@ekyc/contracts/calls/get-watchlist-quotes';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { plainOk } from '../../lib/outcome.ts';
import { createGetWatchlistQuotes } from './get-watchlist-quotes.ts';
import { fileReply, withInput } from '../../lib/replies.ts';
import { brokerDocumentParamsSchema, brokerDocumentsReplySchema } from '@ekyc/contracts/calls/broker-documents';
import { listBrokerDocuments, readBrokerDocument } from './broker-documents.ts';
import { PUBLIC, TAG } from '../../lib/api-docs.ts';

export const PUBLIC_API_PREFIX = '/api/v1/public';

export const publicRoutes: FastifyPluginAsyncZod = async (app) => {
  const getWatchlistQuotes = createGetWatchlistQuotes(app.deps.marketData);

  app.get(
    '/watchlist',
    {
      schema: {
        operationId: 'get-watchlist-quotes',
        summary: "Quotes of the public site's watchlist symbols",
        tags: [TAG.publicSite],
        security: PUBLIC,
        querystring: watchlistQuerySchema,
        response: withInput(watchlistReplySchema),
      },
    },
    async (req) => plainOk('Watchlist quotes', await getWatchlistQuotes(req.query.symbols)),
  );

  app.get(
    '/broker-documents',
    {
      schema: {
        operationId: 'get-broker-documents',
        summary: "The broker's registration numbers and the documents read before signing, with their versions",
        tags: [TAG.publicSite],
        security: PUBLIC,
        response: withInput(brokerDocumentsReplySchema),
      },
    },
    async () => plainOk('Broker documents', await listBrokerDocuments(app.deps)),
  );

  app.get(
    '/broker-documents/:key',
    {
      schema: {
        operationId: 'get-broker-document',
        summary: "One of the broker's documents as a PDF (the broker's file, or the platform's marked sample)",
        tags: [TAG.publicSite],
        security: PUBLIC,
        params: brokerDocumentParamsSchema,
        response: withInput(fileReply('The document', 'application/pdf')),
      },
    },
    async (req, reply) =>
      reply
        .header('content-type', 'application/pdf')
        .header('content-disposition', `inline; filename="${req.params.key}.pdf"`)
        .header('content-security-policy', "default-src 'none'; sandbox")
        .header('x-content-type-options', 'nosniff')
        .header('cache-control', 'no-cache')
        .send(await readBrokerDocument(app.deps, req.params.key, new Date())),
  );
};
