/**
 * The sandbox back-office system: the closure pre-check of providers/back-office/http-api.ts,
 * answering each outcome by the last digit of the client's PAN (its ninth character), listed in
 * docs/servicing.md "Account closure":
 *   1 open positions, 2 pledged securities, 3 a debit balance, 4 a payout request in process,
 *   5 nothing held and nothing owed; any other digit holds two securities and a credit balance
 *   (a closure-cum-transfer).
 */
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { SANDBOX_BACK_OFFICE_KEY } from '../../providers/back-office/create.ts';

/** The securities a sandbox client holds when its PAN's last digit holds any. */
export const SANDBOX_HOLDINGS = [
  { isin: 'INE002A01018', name: 'RELIANCE INDUSTRIES LTD', quantity: 10 },
  { isin: 'INF204KB14I2', name: 'NIPPON INDIA ETF NIFTY BEES', quantity: 25 },
];

const bodySchema = z.object({ request_id: z.string().min(1).max(64), pan: z.string().length(10) });
const paramsSchema = z.object({ code: z.string().min(1).max(20) });

function answerFor(digit: string) {
  const base = {
    ledger_balance: 0,
    holdings: [] as typeof SANDBOX_HOLDINGS,
    open_positions: 0,
    pledges: 0,
    pending_requests: 0,
  };
  switch (digit) {
    case '1':
      return { ...base, holdings: SANDBOX_HOLDINGS, open_positions: 2 };
    case '2':
      return { ...base, holdings: SANDBOX_HOLDINGS, pledges: 1 };
    case '3':
      return { ...base, ledger_balance: -1520.5 };
    case '4':
      return { ...base, ledger_balance: 2500, pending_requests: 1 };
    case '5':
      return base;
    default:
      return { ...base, ledger_balance: 1250.75, holdings: SANDBOX_HOLDINGS };
  }
}

export async function sandboxBackOfficeRoutes(app: FastifyInstance) {
  app.post('/sandbox/back-office/clients/:code/closure-check', async (req, reply) => {
    if (req.headers['x-api-key'] !== SANDBOX_BACK_OFFICE_KEY) return reply.code(401).send({ error: 'bad api key' });
    const params = paramsSchema.safeParse(req.params);
    const body = bodySchema.safeParse(req.body);
    if (!params.success || !body.success) return reply.code(400).send({ error: 'malformed request' });
    return answerFor(body.data.pan.charAt(8));
  });
}
