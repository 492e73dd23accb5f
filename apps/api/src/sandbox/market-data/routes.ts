/** GET /sandbox/market-data/quote/ohlc?i=NSE:INFY&i=...: the quotes API wire format over the replayed sample. */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { SANDBOX_QUOTES_TOKEN } from '../../providers/market-data/create.ts';
import { replayQuote } from './replay.ts';

const EXPECTED_AUTH = `token ${SANDBOX_QUOTES_TOKEN.apiKey}:${SANDBOX_QUOTES_TOKEN.accessToken}`;

export const marketDataSandboxRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/sandbox/market-data/quote/ohlc',
    {
      schema: {
        querystring: z.object({
          i: z
            .union([z.string().max(32), z.array(z.string().max(32)).max(500)])
            .transform((v) => (Array.isArray(v) ? v : [v])),
        }),
      },
    },
    async (req, reply) => {
      if (req.headers.authorization !== EXPECTED_AUTH)
        return reply
          .status(403)
          .send({ status: 'error', message: 'Incorrect `api_key` or `access_token`.', error_type: 'TokenException' });
      const now = Date.now();
      const data: Record<string, ReturnType<typeof replayQuote>> = {};
      for (const symbol of req.query.i) {
        const quote = replayQuote(symbol, now);
        if (quote) data[symbol] = quote;
      }
      return { status: 'success', data };
    },
  );
};
