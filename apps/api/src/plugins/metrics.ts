/**
 * Prometheus metrics at /metrics: request latency per call, stage transitions, provider calls,
 * their latency and failures, open sockets, and the state of what the API depends on (database,
 * Redis, file store, review queue, registrations, job queue) read at scrape time. One registry per
 * app so tests and several apps in a process stay apart. deploy/prometheus/alerts.yml alerts on
 * these names (a test checks every name it uses is exported here).
 */
import type { FastifyInstance } from 'fastify';
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';
import { openSocketCount } from '../realtime/sockets.ts';
import { type OperationsFigures, operationsGaugesRepository } from './operations-gauges.repository.ts';

export interface Metrics {
  registry: Registry;
  stageTransitions: Counter<'stage'>;
  providerCalls: Counter<'provider' | 'outcome'>;
  /** How long provider calls took, by provider and outcome. */
  providerCallDuration: Histogram<'provider' | 'outcome'>;
  /** Failed provider calls by provider, call (method and path) and cause (timeout, unreachable, ...). */
  providerFailures: Counter<'provider' | 'call' | 'cause'>;
  /** Writes refused by the file store because it is full. */
  storageFull: Counter;
  /** Staff accounts locked after too many wrong passwords. */
  staffLockouts: Counter;
  /** Socket pushes Redis could not take (delivered in this process only). */
  pushesUndelivered: Counter;
  /** Failover: each provider chosen for a call, or skipped (circuit_open, over_budget, failed), by service. */
  providerChoices: Counter<'service' | 'provider' | 'outcome'>;
  /** 1 while a provider's circuit is open (skipped until it is tried again). */
  providerCircuitOpen: Gauge<'provider'>;
  /** Sign-ups told to wait by the waiting room. */
  waitingRoomHeld: Counter;
  /** Answers telling an applicant to wait in a provider's queue (every provider over budget), by service. */
  providerQueued: Counter<'service'>;
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
    providerCallDuration: new Histogram({
      name: 'ekyc_provider_call_duration_seconds',
      help: 'Duration of calls to external providers, by provider and outcome (ok, failed)',
      labelNames: ['provider', 'outcome'],
      buckets: [0.05, 0.1, 0.25, 0.5, 1, 2, 3, 5, 10],
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
    providerChoices: new Counter({
      name: 'ekyc_provider_choices_total',
      help: 'Failover between providers of a service: each provider chosen for a call, or skipped (circuit_open, over_budget, failed)',
      labelNames: ['service', 'provider', 'outcome'],
      registers: [registry],
    }),
    providerCircuitOpen: new Gauge({
      name: 'ekyc_provider_circuit_open',
      help: "1 while a provider's circuit is open: it is skipped until one call tries it again",
      labelNames: ['provider'],
      registers: [registry],
    }),
    waitingRoomHeld: new Counter({
      name: 'ekyc_waiting_room_held_total',
      help: 'Sign-ups told to wait (503 with Retry-After) while the process is saturated',
      registers: [registry],
    }),
    providerQueued: new Counter({
      name: 'ekyc_provider_queued_total',
      help: "Answers telling an applicant to wait in a service's queue while every provider of it is over its budget or rate",
      labelNames: ['service'],
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
  registerDependencyGauges(app, metrics.registry);
  app.get('/metrics', { config: { rateLimit: false } }, async (_req, reply) =>
    reply.type(metrics.registry.contentType).send(await metrics.registry.metrics()),
  );
}

/** Scrapes come from several Prometheus servers and every process: the database is asked at most this often. */
const FIGURES_TTL_MS = 10_000;
const CHECK_TIMEOUT_MS = 1000;

/**
 * Gauges read when scraped: whether the database, Redis and the file store answer (1 up, 0 down),
 * the file store's free space, the review queue, late registrations and the job queue's oldest
 * waiting job. Every process reports the same figures from the shared database: alert on max().
 */
function registerDependencyGauges(app: FastifyInstance, registry: Registry) {
  let figures: { at: number; value: Promise<OperationsFigures | null> } | null = null;
  const readFigures = () => {
    if (!figures || Date.now() - figures.at > FIGURES_TTL_MS)
      figures = {
        at: Date.now(),
        value: operationsGaugesRepository.figures(app.deps.database).catch(() => null),
      };
    return figures.value;
  };
  new Gauge({
    name: 'ekyc_dependency_up',
    help: 'Whether a backing service answers (1) or not (0): database, redis (absent when not used), storage',
    labelNames: ['dependency'],
    registers: [registry],
    async collect() {
      const { database, files, hub } = app.deps;
      const [db, storage, redis] = await Promise.all([
        database.ping(CHECK_TIMEOUT_MS),
        files.check(),
        hub.reachable ? hub.reachable(CHECK_TIMEOUT_MS) : Promise.resolve(null),
      ]);
      this.set({ dependency: 'database' }, db ? 1 : 0);
      this.set({ dependency: 'storage' }, storage.state === 'up' ? 1 : 0);
      if (redis !== null) this.set({ dependency: 'redis' }, redis ? 1 : 0);
    },
  });
  new Gauge({
    name: 'ekyc_storage_free_bytes',
    help: 'Free space on the disk file store (absent for an object store)',
    registers: [registry],
    async collect() {
      const health = await app.deps.files.check();
      if (health.freeBytes !== undefined) this.set(health.freeBytes);
    },
  });
  const fromFigures = (name: string, help: string, pick: (f: OperationsFigures) => number) =>
    new Gauge({
      name,
      help,
      registers: [registry],
      async collect() {
        const f = await readFigures();
        if (f) this.set(pick(f));
      },
    });
  fromFigures('ekyc_review_queue_waiting', 'Applications waiting for a back-office decision', (f) => f.reviewWaiting);
  fromFigures(
    'ekyc_review_queue_oldest_waiting_seconds',
    'How long the oldest application waiting for a back-office decision has waited',
    (f) => f.reviewOldestWaitingSeconds,
  );
  fromFigures(
    'ekyc_job_queue_oldest_waiting_seconds',
    'How long the oldest job due in the durable job queue (registrations) has waited to start',
    (f) => f.jobsOldestWaitingSeconds,
  );
  new Gauge({
    name: 'ekyc_registrations_late',
    help: 'Registrations (exchange UCC, depository account, KRA, CKYC) not accepted by their deadline, by kind',
    labelNames: ['kind'],
    registers: [registry],
    async collect() {
      const f = await readFigures();
      if (!f) return;
      this.reset();
      for (const kind of ['ucc_nse', 'ucc_bse', 'ucc_mcx', 'bo_cdsl', 'bo_nsdl', 'kra', 'ckyc'])
        this.set({ kind }, f.registrationsLate[kind] ?? 0);
    },
  });
}
