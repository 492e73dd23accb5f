/**
 * Sandbox-only routes; absent (404) when sandbox mode is off (contract). The fixtures that create
 * staff accounts or signed-in applicants exist only when automated tests ask for them
 * (EKYC_TEST_FIXTURES, refused in production): a started sandbox server never has them.
 */
import type { FastifyInstance } from 'fastify';
import { accountAggregatorSandboxRoutes } from './account-aggregator/routes.ts';
import { sandboxIfscRoutes } from './bank/ifsc-routes.ts';
import { sandboxPennyDropRoutes } from './bank/penny-drop-routes.ts';
import { sandboxPayuVerifyRoutes } from './bank/payu-verify-routes.ts';
import { sandboxKaleyraRoutes } from './sms/kaleyra-routes.ts';
import { sandboxMsg91Routes } from './sms/msg91-routes.ts';
import { sandboxRpdRoutes } from './upi/rpd-routes.ts';
import { sandboxUpiRoutes } from './upi/routes.ts';
import { sandboxDigilockerRoutes } from './digilocker/routes.ts';
import { staffFixtureRoutes } from './backoffice/staff-fixture-routes.ts';
import { fixtureRoutes } from './fixtures/routes.ts';
import { sandboxKraRoutes } from './kra/routes.ts';
import { sandboxPanRoutes } from './pan/routes.ts';
import { sandboxRegistrationRoutes } from './registrations/routes.ts';
import { marketDataSandboxRoutes } from './market-data/routes.ts';
import { sandboxTradingPlatformRoutes } from './trading-platform/routes.ts';
import { sandboxBackOfficeRoutes } from './back-office/routes.ts';
import { outboxRoutes } from './outbox-routes.ts';
import { sandboxLivenessRoutes } from './liveness/routes.ts';
import { sandboxEsignRoutes } from './esign/routes.ts';
import { sandboxHostingRangesRoutes } from './hosting-ranges/routes.ts';
import { sandboxMnrlRoutes } from './mnrl/routes.ts';
import { sandboxScreeningRoutes } from './screening/routes.ts';
import { sandboxTsaRoutes } from './tsa/routes.ts';
import { SANDBOX_CSS } from './page.ts';
import { SANDBOX_OPERATIONS } from './operations.ts';
import { PUBLIC, TAG } from '../lib/api-docs.ts';

export async function sandboxRoutes(app: FastifyInstance) {
  // each route's name and summary in the OpenAPI document, from the one table
  app.addHook('onRoute', (route) => {
    const named = SANDBOX_OPERATIONS[`${[route.method].flat()[0]} ${route.url}`];
    if (!named || route.method === 'HEAD') return;
    const [operationId, summary] = named;
    route.schema = { ...route.schema, operationId, summary, tags: [TAG.sandbox], security: PUBLIC };
  });
  app.get('/sandbox/assets/sandbox.css', async (_req, reply) =>
    reply.type('text/css').header('cache-control', 'public, max-age=3600').send(SANDBOX_CSS),
  );
  await app.register(outboxRoutes);
  if (app.deps.config.testFixtures) await app.register(fixtureRoutes);
  await app.register(sandboxLivenessRoutes);
  await app.register(sandboxEsignRoutes, { vendor: 'esign' });
  await app.register(sandboxEsignRoutes, { vendor: 'esign-alt' });
  if (app.deps.config.testFixtures) await app.register(staffFixtureRoutes);
  await app.register(sandboxPanRoutes);
  await app.register(sandboxKraRoutes);
  await app.register(sandboxDigilockerRoutes);
  await app.register(marketDataSandboxRoutes);
  await app.register(sandboxTradingPlatformRoutes);
  await app.register(sandboxBackOfficeRoutes);
  await app.register(accountAggregatorSandboxRoutes);
  await app.register(sandboxIfscRoutes);
  await app.register(sandboxPennyDropRoutes);
  await app.register(sandboxPayuVerifyRoutes);
  await app.register(sandboxKaleyraRoutes);
  await app.register(sandboxMsg91Routes);
  await app.register(sandboxUpiRoutes);
  await app.register(sandboxRpdRoutes);
  await app.register(sandboxRegistrationRoutes);
  await app.register(sandboxMnrlRoutes);
  await app.register(sandboxHostingRangesRoutes);
  await app.register(sandboxScreeningRoutes);
  await app.register(sandboxTsaRoutes);
}
