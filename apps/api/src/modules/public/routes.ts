/** Public calls that need no sign-in, under /api/v1/public. */
import { watchlistQuerySchema, watchlistReplySchema } from '@ekyc/contracts/calls/get-watchlist-quotes';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../lib/outcome.ts';
import { createGetWatchlistQuotes } from './get-watchlist-quotes.ts';
import { withInput } from '../../lib/replies.ts';

export const PUBLIC_API_PREFIX = '/api/v1/public';

export const publicRoutes: FastifyPluginAsyncZod = async (app) => {
  const getWatchlistQuotes = createGetWatchlistQuotes(app.deps.marketData);

  app.get(
    '/watchlist',
    { schema: { querystring: watchlistQuerySchema, response: withInput(watchlistReplySchema) } },
    async (req) => ok('Watchlist quotes', await getWatchlistQuotes(req.query.symbols)),
  );
};
