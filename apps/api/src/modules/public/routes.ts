/** Public calls that need no sign-in, under /api/v1/public. */
import { watchlistQuerySchema, watchlistReplySchema } from '@ekyc/contracts/calls/get-watchlist-quotes';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../lib/outcome.ts';
import { createGetWatchlistQuotes } from './get-watchlist-quotes.ts';
import { withInput } from '../../lib/replies.ts';
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
    async (req) => ok('Watchlist quotes', await getWatchlistQuotes(req.query.symbols)),
  );
};
