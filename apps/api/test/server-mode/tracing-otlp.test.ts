/**
 * Traces as an operations team receives them: the compiled API started with
 * OTEL_EXPORTER_OTLP_ENDPOINT sends its spans to a local OTLP/HTTP receiver (this test: a small
 * HTTP server reading the exporter's JSON). An applicant signs up and checks a PAN; a reviewer
 * approves a signed application, whose registrations run on the job queue. Each applicant call is
 * one trace: the Fastify request span (route template, status, the application id) with its
 * PostgreSQL statements, Redis commands and provider calls as descendants; each queued job a trace
 * of its own with the application id. No span holds the applicant's PAN, name, mobile, email, an
 * OTP or a token.
 */
import type { ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { STAGE } from '@ekyc/contracts/stages';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { sandboxPki } from '../../src/documents/signing/sandbox-pki.ts';
import { freePort, spawnApi, startBudgetMs, waitReady } from '../support/child-server.ts';
import { type JourneyResult, runFullJourney } from '../support/full-journey.ts';
import { newApplicant } from '../support/journey-applicant.ts';
import { fetchClient } from '../support/journey-client.ts';
import { journeyAssets } from '../support/journey-assets.ts';
import { panWithDigits, signedSections } from '../support/registrations.ts';
import { SHARED_DATABASE_KEYS } from '../support/test-app.ts';

const DB = process.env.TEST_DATABASE_URL;
const REDIS = process.env.TEST_REDIS_URL;
// a database of its own: this process runs the registrations worker, which would take other
// files' queued steps on the shared one
const OWN_DB = `ekyc_tracing_${process.pid}`;
const ownUrl = () => Object.assign(new URL(DB!), { pathname: `/${OWN_DB}` }).toString();
const onServer = async (statement: string) => {
  const c = new pg.Client({ connectionString: DB });
  await c.connect();
  await c.query(statement).finally(() => c.end());
};
const BUDGET = startBudgetMs();
const STAFF = { email: 'tracing.checker@broker.example', password: 'tracing checker pass 1', name: 'Tracing Checker' };

/** OTLP/HTTP JSON (opentelemetry-proto's JSON mapping), as much of it as the test reads. */
const anyValue = z.object({
  stringValue: z.string().optional(),
  intValue: z.union([z.string(), z.number()]).optional(),
  boolValue: z.boolean().optional(),
  doubleValue: z.number().optional(),
});
const otlpSpan = z.object({
  traceId: z.string(),
  spanId: z.string(),
  parentSpanId: z.string().optional(),
  name: z.string(),
  kind: z.number(),
  attributes: z.array(z.object({ key: z.string(), value: anyValue })).default([]),
});
const exportRequest = z.object({
  resourceSpans: z.array(
    z.object({
      resource: z.object({ attributes: z.array(z.object({ key: z.string(), value: anyValue })) }),
      scopeSpans: z.array(z.object({ scope: z.object({ name: z.string() }), spans: z.array(otlpSpan) })),
    }),
  ),
});
interface Received {
  traceId: string;
  spanId: string;
  parentSpanId?: string;
  name: string;
  kind: number;
  scope: string;
  service: string;
  attributes: Record<string, string | number | boolean>;
}
const valueOf = (v: z.infer<typeof anyValue>) =>
  v.stringValue ?? (v.intValue !== undefined ? Number(v.intValue) : (v.boolValue ?? v.doubleValue ?? ''));
const SPAN_KIND_SERVER = 2;

/** The receiver: every span posted to /v1/traces, and every body as received (to search for personal data). */
function otlpReceiver() {
  const spans: Received[] = [];
  const bodies: string[] = [];
  const waiters: (() => void)[] = [];
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const text = Buffer.concat(chunks).toString('utf8');
      if (req.url !== '/v1/traces' || !String(req.headers['content-type']).includes('json')) {
        res.writeHead(415).end();
        return;
      }
      bodies.push(text);
      for (const rs of exportRequest.parse(JSON.parse(text)).resourceSpans) {
        const service = String(
          valueOf(rs.resource.attributes.find((a) => a.key === 'service.name')?.value ?? { stringValue: '' }),
        );
        for (const ss of rs.scopeSpans)
          for (const s of ss.spans)
            spans.push({
              ...s,
              parentSpanId: s.parentSpanId || undefined,
              scope: ss.scope.name,
              service,
              attributes: Object.fromEntries(s.attributes.map((a) => [a.key, valueOf(a.value)])),
            });
      }
      res.writeHead(200, { 'content-type': 'application/json' }).end('{}');
      for (const w of waiters.splice(0)) w();
    });
  });
  /** Resolves once `found` holds for the spans received (checked on each export), or fails at the budget. */
  const until = async <T>(found: () => T | undefined, what: string): Promise<T> => {
    const deadline = Date.now() + BUDGET;
    for (;;) {
      const hit = found();
      if (hit !== undefined) return hit;
      if (Date.now() > deadline) throw new Error(`no ${what} among ${spans.length} spans received`);
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, 5000);
        waiters.push(() => (clearTimeout(timer), resolve()));
      });
    }
  };
  return { server, spans, bodies, until };
}

describe.runIf(DB && REDIS)('OpenTelemetry traces to an OTLP receiver', () => {
  const receiver = otlpReceiver();
  const dataDir = mkdtempSync(path.join(tmpdir(), 'tracing-'));
  let api: ChildProcess;
  let base: string;
  let journey: JourneyResult;
  let signedId: string;

  beforeAll(async () => {
    await onServer(`drop database if exists ${OWN_DB} with (force)`);
    await onServer(`create database ${OWN_DB}`);
    const receiverPort = await freePort();
    await new Promise<void>((resolve) => receiver.server.listen(receiverPort, '127.0.0.1', resolve));
    sandboxPki({ dataDir, inMemory: false });
    const port = await freePort();
    base = `http://127.0.0.1:${port}`;
    api = spawnApi({
      env: {
        ...process.env,
        PORT: String(port),
        PUBLIC_URL: base,
        DATABASE_URL: ownUrl(),
        REDIS_URL: REDIS,
        REDIS_KEY_PREFIX: `test-tracing-${randomBytes(6).toString('hex')}:`,
        ...SHARED_DATABASE_KEYS,
        DATA_DIR: dataDir,
        LOG_LEVEL: 'warn',
        WEB_DIST: '/nonexistent',
        EKYC_TEST_FIXTURES: 'true',
        FOUR_EYES: 'false',
        SANDBOX_SKIP_HEAVY_CHECKS: 'true',
        OTEL_EXPORTER_OTLP_ENDPOINT: `http://127.0.0.1:${receiverPort}`,
        OTEL_SERVICE_NAME: 'ekyc-api-under-test',
        // the batch leaves every half second instead of every five
        OTEL_BSP_SCHEDULE_DELAY: '500',
      },
      stdio: 'ignore',
    });
    await waitReady(api, port, BUDGET);

    journey = await runFullJourney(fetchClient(base), {
      applicant: newApplicant(),
      assets: await journeyAssets(),
      until: 'pan',
    });

    const post = async (url: string, body?: unknown, token?: string) =>
      (await fetch(`${base}${url}`, {
        method: 'POST',
        headers: {
          ...(body !== undefined && { 'content-type': 'application/json' }),
          ...(token && { authorization: `Bearer ${token}` }),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
      }).then((r) => r.json())) as { data: Record<string, string> };
    await post('/sandbox/fixtures/staff', { ...STAFF, role: 'reviewer' });
    const staff = (await post('/api/v1/backoffice/login', STAFF)).data.token!;
    signedId = (
      await post('/sandbox/fixtures/applicant', {
        mobile: `8${String(Date.now()).slice(-9)}`,
        stage: STAGE.STATUS,
        sections: signedSections(panWithDigits('3021')),
      })
    ).data.applicant_id!;
    await post(
      `/api/v1/backoffice/applications/${signedId}/decisions`,
      {
        decisions: [110, 120, 130, 140, 150, 160, 170, 180, 190, 200, 210].map((stage) => ({
          stage,
          activity: 'Accept',
        })),
      },
      staff,
    );
    await post(`/api/v1/backoffice/applications/${signedId}/confirm`, undefined, staff);
  }, BUDGET * 2);

  afterAll(async () => {
    if (api && api.exitCode === null) await new Promise((resolve) => api.once('exit', resolve).kill('SIGTERM'));
    receiver.server.close();
    rmSync(dataDir, { recursive: true, force: true });
    await onServer(`drop database if exists ${OWN_DB} with (force)`);
  });

  const descendantsOf = (root: Received) => {
    const inTrace = receiver.spans.filter((s) => s.traceId === root.traceId);
    const found: Received[] = [];
    const walk = (id: string) => {
      for (const child of inTrace.filter((s) => s.parentSpanId === id)) {
        found.push(child);
        walk(child.spanId);
      }
    };
    walk(root.spanId);
    return found;
  };

  it('an applicant call is one trace: the route, its application, its SQL, Redis and provider call', async () => {
    const panCall = await receiver.until(
      () =>
        receiver.spans.find(
          (s) =>
            s.kind === SPAN_KIND_SERVER &&
            typeof s.attributes['http.route'] === 'string' &&
            /pan/.test(String(s.attributes['http.route'])) &&
            s.attributes['http.request.method'] === 'POST' &&
            descendantsOf(s).some((d) => d.name.startsWith('provider ')),
        ),
      'PAN request span with its provider call',
    );
    expect(panCall.service).toBe('ekyc-api-under-test');
    expect(panCall.scope).toBe('@fastify/otel');
    expect(panCall.attributes['http.response.status_code']).toBe(200);
    expect(panCall.attributes['ekyc.application_id']).toMatch(/^[0-9a-f-]{36}$/);
    expect(panCall.attributes['url.path']).toBe(panCall.attributes['http.route']);
    const below = descendantsOf(panCall);
    const provider = below.find((d) => d.name.startsWith('provider '))!;
    expect(provider.attributes['ekyc.provider']).toBeTypeOf('string');
    expect(String(provider.attributes['ekyc.provider.call'])).toMatch(/^(GET|POST) \//);
    const sql = below.filter((d) => d.scope.includes('instrumentation-pg'));
    expect(sql.length).toBeGreaterThan(0);
    expect(
      sql.some((d) =>
        /\b(select|insert|update)\b/i.test(String(d.attributes['db.query.text'] ?? d.attributes['db.statement'] ?? '')),
      ),
    ).toBe(true);
    // the session and every stage change go through Redis (session cache, live pushes)
    await receiver.until(
      () =>
        receiver.spans.find(
          (s) =>
            s.scope.includes('instrumentation-ioredis') &&
            receiver.spans.some((r) => r.kind === SPAN_KIND_SERVER && r.traceId === s.traceId),
        ),
      'Redis command inside a request trace',
    );
  });

  it('a queued registration job is a trace of its own with the application id', async () => {
    const job = await receiver.until(
      () => receiver.spans.find((s) => s.name.startsWith('job ') && s.attributes['ekyc.application_id'] === signedId),
      `job span of application ${signedId}`,
    );
    expect(job.attributes['messaging.system']).toBe('pg-boss');
    expect(job.attributes['messaging.destination.name']).toBe('registration-steps');
    expect(descendantsOf(job).some((d) => d.scope.includes('instrumentation-pg'))).toBe(true);
  });

  it('no span holds the applicant’s PAN, name, mobile, email, an OTP or a token', () => {
    const { pan, panName, mobile, email } = journey.applicant;
    const everything = receiver.bodies.join('\n');
    expect(everything.length).toBeGreaterThan(1000);
    // a short code (an OTP) is looked for as a number of its own: its digits occur by chance
    // inside the spans' nanosecond times and ids
    const holds = (value: string) =>
      /^\d{1,8}$/.test(value) ? new RegExp(`(?<!\\d)${value}(?!\\d)`).test(everything) : everything.includes(value);
    for (const value of [pan, panName, panName.toUpperCase(), mobile, email, ...journey.secrets])
      expect(holds(value), `a span holds ${value.slice(0, 2)}…`).toBe(false);
  });
});
