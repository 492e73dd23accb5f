/**
 * Starts the API (and the built web app) on one port; shuts down gracefully on SIGTERM/SIGINT.
 * Only the configuration is imported before tracing starts: the app (and with it pg, ioredis and
 * Fastify) is imported after, so that tracing can instrument them; without tracing it is not loaded.
 */
import { ConfigError, loadConfig } from './config.ts';

let config;
try {
  config = loadConfig();
} catch (err) {
  if (err instanceof ConfigError) {
    console.error(err.message);
    process.exit(1);
  }
  throw err;
}

const stopTracing = config.tracing
  ? await (await import('./telemetry/tracing.ts')).startTracing(config.tracing)
  : async () => undefined;
const { buildApp } = await import('./app.ts');
const { listenOps } = await import('./plugins/ops-access.ts');
const { closeAllSockets } = await import('./realtime/sockets.ts');

let app: Awaited<ReturnType<typeof buildApp>>;
try {
  app = await buildApp(config);
} catch (err) {
  // missing or invalid provider settings: one line each, no stack trace
  if (err instanceof ConfigError) {
    console.error(err.message);
    process.exit(1);
  }
  throw err;
}
await app.listen({ port: config.port, host: config.host });
const address = app.server.address();
const port = typeof address === 'object' && address ? address.port : config.port;
console.log(`eKYC onboarding is running: http://${config.host}:${port}/ekyc1/`);
if (config.sandbox) console.log(`Sandbox outbox (OTPs): http://${config.host}:${port}/sandbox/`);
const ops = await listenOps(app);
if (ops) console.log(`Metrics and API docs: http://${config.ops.listen!.host}:${config.ops.listen!.port}/metrics`);
else if (config.ops.protect && !config.ops.token)
  console.log('/metrics and /docs are closed: set OPS_TOKEN or OPS_LISTEN to reach them');

let stopping = false;
async function shutdown(signal: string) {
  if (stopping) return;
  stopping = true;
  app.log.info({ signal }, 'shutting down');
  closeAllSockets();
  const force = setTimeout(() => process.exit(1), 10_000);
  force.unref();
  await app.close();
  await stopTracing().catch(() => undefined);
  process.exit(0);
}
process.on('SIGTERM', () => void shutdown('SIGTERM'));
process.on('SIGINT', () => void shutdown('SIGINT'));
