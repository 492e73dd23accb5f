/**
 * Builds the Fastify app: external plugins, then the app's own (auth, errors), then routes.
 * Tests build the real app and drive it with inject.
 */
import websocket from '@fastify/websocket';
import Fastify, { type FastifyInstance } from 'fastify';
import { validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import inject from 'light-my-request';
import { type AppDeps, createDeps, type DepsOverrides } from './app-deps.ts';
import type { Config } from './config.ts';
import { loggerOptions } from './lib/logger.ts';
import { applicantRoutes } from './modules/applicant/routes.ts';
import { authOtpRoutes } from './modules/auth-otp/routes.ts';
import { bankRoutes } from './modules/bank/routes.ts';
import { digilockerRoutes } from './modules/digilocker/routes.ts';
import { panRoutes } from './modules/pan/routes.ts';
import { BACKOFFICE_PREFIX, backofficeRoutes } from './modules/backoffice/routes.ts';
import { savedViewRoutes } from './modules/backoffice/search/routes.ts';
import { reportRoutes } from './modules/backoffice/reports/routes.ts';
import { registrationRoutes } from './modules/registrations/routes.ts';
import { screeningRoutes } from './modules/screening/routes.ts';
import { profilingRoutes } from './modules/profiling/routes.ts';
import { nomineeRoutes } from './modules/nominee/routes.ts';
import { PUBLIC_API_PREFIX, publicRoutes } from './modules/public/routes.ts';
import { CLIENT_PREFIX, clientAreaRoutes, serviceRequestBackofficeRoutes } from './modules/servicing/routes.ts';
import { segmentRoutes } from './modules/segment/routes.ts';
import { privacyBackofficeRoutes, privacyRoutes } from './modules/privacy/routes.ts';
import { assistedKycBackofficeRoutes, assistedKycRoutes } from './modules/assisted-kyc/routes.ts';
import { selfieRoutes } from './modules/selfie/routes.ts';
import { esignRoutes } from './modules/esign/routes.ts';
import { esignSocketRoutes } from './modules/esign/esign-socket.ts';
import { statusRoutes } from './modules/status/routes.ts';
import { signatureRoutes } from './modules/signature/routes.ts';
import { authPlugin } from './plugins/auth.ts';
import { registerBodyLimits } from './plugins/body-limits.ts';
import { registerDraining, registerErrorHandler, requestId } from './plugins/error-handler.ts';
import { registerErrorScreen } from './plugins/error-screen.ts';
import { registerBackgroundJobs } from './plugins/background-jobs.ts';
import { registerSweeps } from './plugins/sweeps.ts';
import { registerEmbeddedMaintenance } from './plugins/embedded-maintenance.ts';
import { registerIdempotency } from './plugins/idempotency.ts';
import { registerMetrics } from './plugins/metrics.ts';
import { registerOpenApi } from './plugins/openapi.ts';
import { registerReadiness } from './plugins/readiness.ts';
import { failureWriter } from './plugins/failure-writer.ts';
import { replySerializerCompiler } from './plugins/reply-serializer.ts';
import { registerOpsAccess } from './plugins/ops-access.ts';
import { registerSecurity } from './plugins/security.ts';
import { registerWeb } from './plugins/web.ts';
import { configureProviderCalls, providerHostNames } from './providers/http.ts';
import { registerWaitingRoom } from './plugins/waiting-room.ts';
import { providerLimits } from './providers/limits-setup.ts';
import { profileSocketRoutes } from './realtime/profile-socket.ts';
import { sandboxRoutes } from './sandbox/routes.ts';
import { emptyReplySchema } from '@ekyc/contracts/envelope';
import { PUBLIC, TAG } from './lib/api-docs.ts';
import { replies } from './lib/replies.ts';

declare module 'fastify' {
  interface FastifyInstance {
    deps: AppDeps;
    /** Every route with its schema, recorded as it is added (access matrix and fuzz tests). */
    routeTable: RouteInfo[];
  }
}

export interface RouteInfo {
  method: string;
  url: string;
  schema?: { body?: unknown; querystring?: unknown; params?: unknown; response?: Record<string, unknown> };
  websocket: boolean;
}

export const API_PREFIX = '/api/v1/ekyc';

/** TRUST_PROXY as Fastify takes it: a hop count becomes "the nearest n proxies". */
function fastifyTrustProxy(
  trust: Config['trustProxy'],
): boolean | string[] | ((address: string, hop: number) => boolean) {
  if (typeof trust !== 'number') return trust;
  return (_address, hop) => hop < trust;
}

export async function buildApp(config: Config, overrides: DepsOverrides = {}): Promise<FastifyInstance> {
  const deps = await createDeps(config, overrides);
  const app = Fastify({
    logger: loggerOptions(config.logLevel, overrides.logStream),
    bodyLimit: config.bodyLimit,
    trustProxy: fastifyTrustProxy(config.trustProxy),
    routerOptions: { ignoreTrailingSlash: true },
    // Requests arriving while the server drains get the envelope below, not Fastify's own body.
    return503OnClosing: false,
    genReqId: requestId,
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  // replies are checked against their schemas outside production only (see reply-serializer.ts)
  app.setSerializerCompiler(
    replySerializerCompiler(config.replyCheck, (detail) => app.log.error(detail, 'reply breaks its schema')),
  );
  app.decorate('deps', deps);
  configureProviderCalls({
    limits: providerLimits(app, config),
    timeouts: config.providerTimeouts,
    hostNames: providerHostNames(config.providerEnv),
    onFailure: (f) => {
      deps.metrics.providerFailures.inc({ provider: f.provider, call: f.call, cause: f.cause });
      app.log[f.cause === 'refused' ? 'info' : 'warn'](
        { provider: f.provider, call: f.call, cause: f.cause, status: f.status, elapsed_ms: f.elapsedMs },
        'provider call failed',
      );
    },
  });
  const routeTable: RouteInfo[] = [];
  app.decorate('routeTable', routeTable);
  app.addHook('onRoute', (route) => {
    for (const method of [route.method].flat())
      if (method !== 'HEAD')
        routeTable.push({
          method,
          url: route.url,
          schema: route.schema as RouteInfo['schema'],
          websocket: Boolean(route.websocket),
        });
  });
  registerErrorHandler(
    app,
    failureWriter(config.replyCheck, (detail) => app.log.error(detail, 'failure breaks its schema')),
  );
  registerBodyLimits(app);
  registerDraining(app);

  await registerSecurity(app);
  registerOpsAccess(app);
  await app.register(websocket, { options: { maxPayload: 64 * 1024 } });
  await app.register(authPlugin);
  await registerMetrics(app, deps.metrics);
  await registerOpenApi(app);
  registerIdempotency(app);
  await registerWaitingRoom(app);

  app.get(
    '/healthz',
    {
      schema: {
        operationId: 'healthz',
        summary: 'Liveness probe: the process answers',
        tags: [TAG.operations],
        security: PUBLIC,
        response: replies(emptyReplySchema),
      },
    },
    async () => ({ status: true, message: 'ok', data: {} }),
  );
  registerReadiness(app);
  registerSweeps(app);

  await app.register(
    async (api) => {
      registerErrorScreen(api);
      await api.register(authOtpRoutes);
      await api.register(applicantRoutes);
      await api.register(panRoutes);
      await api.register(digilockerRoutes);
      await api.register(profilingRoutes);
      await api.register(signatureRoutes);
      await api.register(bankRoutes);
      await api.register(nomineeRoutes);
      await api.register(segmentRoutes);
      await api.register(privacyRoutes);
      await api.register(assistedKycRoutes);
      await api.register(selfieRoutes);
      await api.register(esignRoutes);
      await api.register(statusRoutes);
    },
    { prefix: API_PREFIX },
  );
  await app.register(backofficeRoutes, { prefix: BACKOFFICE_PREFIX });
  await app.register(registrationRoutes, { prefix: BACKOFFICE_PREFIX });
  await app.register(savedViewRoutes, { prefix: BACKOFFICE_PREFIX });
  await app.register(reportRoutes, { prefix: BACKOFFICE_PREFIX });
  await app.register(assistedKycBackofficeRoutes, { prefix: BACKOFFICE_PREFIX });
  await app.register(privacyBackofficeRoutes, { prefix: BACKOFFICE_PREFIX });
  await app.register(serviceRequestBackofficeRoutes, { prefix: BACKOFFICE_PREFIX });
  await app.register(screeningRoutes, { prefix: BACKOFFICE_PREFIX });
  await app.register(clientAreaRoutes, { prefix: CLIENT_PREFIX });
  await app.register(publicRoutes, { prefix: PUBLIC_API_PREFIX });
  await app.register(profileSocketRoutes);
  await app.register(esignSocketRoutes);
  if (config.sandbox) await app.register(sandboxRoutes);
  await registerWeb(app);

  // The sandboxes answer through the router itself (as app.inject does), also while the app closes:
  // the registrations worker finishes its running steps then, and a real provider would answer them
  deps.selfFetch.bind(async (req) => {
    const r = await inject(app.routing, {
      method: req.method as 'GET',
      url: req.url,
      headers: req.headers,
      payload: req.body,
    });
    return { statusCode: r.statusCode, headers: r.headers, body: r.body, rawPayload: r.rawPayload };
  });

  // the error's name and code only: a failed query's message carries its parameters
  deps.exchanges.onError = (err) =>
    app.log.warn(
      { err: err.name, code: (err.cause as { code?: string } | undefined)?.code },
      'provider exchange not kept',
    );
  app.addHook('onClose', async () => {
    await deps.hub.close();
    await deps.staffLoginThrottle.close();
    await deps.documents.close();
    await deps.database.close();
  });
  // after the hook above: Fastify runs onClose hooks last-added first, so the jobs stop (finishing
  // their steps) before the database closes
  registerBackgroundJobs(app);
  registerEmbeddedMaintenance(app);
  return app;
}
