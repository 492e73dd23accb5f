/**
 * Prometheus metrics at /metrics: request latency per call, stage transitions, provider calls and
 * failures, open sockets. One registry per app so tests and several apps in a process stay apart.
 */
import type { FastifyInstance } from 'fastify';
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';
import { openSocketCount } from '../realtime/sockets.ts';

export interface Metrics {
  registry: Registry;
  stageTransitions: Counter<'stage'>;
  providerCalls: Counter<'provider' | 'outcome'>;
  /** Failed provider calls by provider, call (method and path) and cause (timeout, unreachable, ...). */
  providerFailures: Counter<'provider' | 'call' | 'cause'>;
  /** Writes refused by the file store because it is full. */
  storageFull: Counter;
  /** Staff accounts locked after too many wrong passwords. */
  staffLockouts: Counter;
  /** Socket pushes Redis could not take (delivered in this process only). */
  pushesUndelivered: Counter;
  /** Registrations whose retries ran out (status `failed`), by kind: each needs an operator. */
  registrationsFailed: Counter<'kind'>;
}

export function createMetrics(): Metrics {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry, prefix: 'ekyc_' });
  new Gauge({
    name: 'ekyc_open_sockets',
    help: 'Open WebSocket connections',
    registers: [registry],
    collect() {
      this.set(openSocketCount());
    },
  });
  new Gauge({
    name: 'ekyc_process_resident_memory_peak_bytes',
    help: 'Peak resident memory of the process',
    registers: [registry],
    collect() {
      this.set(process.resourceUsage().maxRSS * 1024);
    },
  });
  return {
    registry,
    stageTransitions: new Counter({
      name: 'ekyc_stage_transitions_total',
      help: 'Stages completed, by stage code',
      labelNames: ['stage'],
      registers: [registry],
    }),
    providerCalls: new Counter({
      name: 'ekyc_provider_calls_total',
      help: 'Calls to external providers, by provider and outcome (ok, failed)',
      labelNames: ['provider', 'outcome'],
      registers: [registry],
    }),
    providerFailures: new Counter({
      name: 'ekyc_provider_failures_total',
      help: 'Failed calls to external providers, by provider, call and cause (timeout, unreachable, server_error, refused)',
      labelNames: ['provider', 'call', 'cause'],
      registers: [registry],
    }),
    storageFull: new Counter({
      name: 'ekyc_storage_full_total',
      help: 'File writes refused because the file store is full',
      registers: [registry],
    }),
    pushesUndelivered: new Counter({
      name: 'ekyc_pushes_undelivered_total',
      help: 'Socket pushes that could not reach Redis (delivered in this process only)',
      registers: [registry],
    }),
    registrationsFailed: new Counter({
      name: 'ekyc_registrations_failed_total',
      help: 'Registrations whose retries ran out (failed, flagged for the back office), by kind',
      labelNames: ['kind'],
      registers: [registry],
    }),
    staffLockouts: new Counter({
      name: 'ekyc_staff_lockouts_total',
      help: 'Staff accounts locked after too many wrong passwords',
      registers: [registry],
    }),
  };
}

export async function registerMetrics(app: FastifyInstance, metrics: Metrics) {
  const latency = new Histogram({
    name: 'ekyc_http_request_duration_seconds',
    help: 'Request latency per route',
    labelNames: ['method', 'route', 'status'],
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
    registers: [metrics.registry],
  });
  app.addHook('onResponse', async (req, reply) => {
    const route = req.routeOptions.url ?? 'unmatched';
    latency.observe({ method: req.method, route, status: String(reply.statusCode) }, reply.elapsedTime / 1000);
  });
  app.get('/metrics', { config: { rateLimit: false } }, async (_req, reply) =>
    reply.type(metrics.registry.contentType).send(await metrics.registry.metrics()),
  );
}
