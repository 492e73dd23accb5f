/**
 * The sandbox MNRL: a list file with the test numbers, in the layout the platform reads (one
 * `mobile,revocation date` a line). Known outcomes (docs/configuration.md): 6000000001,
 * 6000000002 and 6000000003 are revoked; every other number is not.
 */
import type { FastifyInstance } from 'fastify';

export const SANDBOX_REVOKED_MOBILES = [
  ['6000000001', '2026-06-01'],
  ['6000000002', '2026-09-15'],
  ['6000000003', '2026-11-30'],
] as const;

export async function sandboxMnrlRoutes(app: FastifyInstance) {
  app.get('/sandbox/mnrl/list.csv', async (_req, reply) =>
    reply
      .type('text/csv; charset=utf-8')
      .send(['mobile,revocation_date', ...SANDBOX_REVOKED_MOBILES.map(([m, d]) => `${m},${d}`)].join('\n') + '\n'),
  );
}
