/**
 * The sandbox's hosting and VPN ranges: a list file in the layout the platform reads (one range a
 * line). Known outcomes (docs/configuration.md): 13.232.0.0/14 (an Amazon Web Services range in
 * Mumbai, so placed in India) and 2600:1f00::/24 (Amazon, IPv6) are listed; 192.0.2.0/24, a
 * documentation network, stands for a VPN's exit; every other address is not listed.
 */
import type { FastifyInstance } from 'fastify';

const SANDBOX_RANGES = [
  '# sandbox hosting and VPN ranges (test values)',
  '13.232.0.0/14 Amazon Web Services, ap-south-1',
  '2600:1f00::/24 Amazon Web Services',
  '192.0.2.0/24 a VPN exit (documentation network)',
];

export async function sandboxHostingRangesRoutes(app: FastifyInstance) {
  app.get('/sandbox/hosting-ranges/ranges.txt', async (_req, reply) =>
    reply.type('text/plain; charset=utf-8').send(SANDBOX_RANGES.join('\n') + '\n'),
  );
}
