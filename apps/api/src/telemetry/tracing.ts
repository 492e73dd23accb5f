/**
 * OpenTelemetry traces, started by server.ts before the app is imported when
 * OTEL_EXPORTER_OTLP_ENDPOINT is set (and only then: without it none of this is loaded). One trace
 * per call: the Fastify request span (route template, status, the application id), its PostgreSQL
 * statements and Redis commands, the provider calls it makes, and the queued jobs it leads to
 * (their own traces). Spans go to the collector over OTLP/HTTP (JSON).
 *
 * No personal value leaves in a span: paths carry the route template, SQL is the parameterised
 * text without its values, Redis spans carry the command name only, provider spans the call with
 * identifiers replaced; a last pass redacts anything shaped like a PAN, mobile number, Aadhaar
 * number or email in any attribute.
 */
import { subscribe } from 'node:diagnostics_channel';
import { register } from 'node:module';
import type { Attributes } from '@opentelemetry/api';
import type { Context } from '@opentelemetry/api';
import type { ReadableSpan, Span, SpanProcessor } from '@opentelemetry/sdk-trace-base';
import type { TracingConfig } from '../config.ts';
import { setSpanRunner } from './spans.ts';
import { isUuid } from '../lib/uuid.ts';

/** Attributes that would carry a request's query string or full URL. */
const DROPPED = new Set(['url.full', 'url.query', 'http.url', 'http.target', 'db.query.parameters']);
/** PAN, email, Aadhaar (12 digits), Indian mobile (10 digits, optionally +91): never exported. */
const PERSONAL = [
  /\b[A-Z]{5}\d{4}[A-Z]\b/g,
  /[\w.+-]+@[\w-]+(\.[\w-]+)+/g,
  /\b\d{4}\s?\d{4}\s?\d{4}\b/g,
  /(\+91[\s-]?)?\b[6-9]\d{9}\b/g,
];

export function redact(value: string): string {
  return PERSONAL.reduce((v, re) => v.replace(re, '[redacted]'), value);
}

/** A path without its query, each identifier-like segment replaced (as provider calls are logged). */
function safePath(url: string): string {
  return (url.split('?')[0] ?? '')
    .split('/')
    .map((seg) => (/[\d@%]/.test(seg) || seg.length > 24 ? ':id' : seg))
    .join('/');
}

/** Cleans a finished span's attributes in place, before any exporter sees them. */
export function scrubAttributes(attributes: Attributes): void {
  for (const key of Object.keys(attributes)) {
    const value = attributes[key];
    if (DROPPED.has(key)) delete attributes[key];
    else if (key === 'url.path' && typeof value === 'string')
      attributes[key] = typeof attributes['http.route'] === 'string' ? attributes['http.route'] : safePath(value);
    else if (typeof value === 'string') attributes[key] = redact(value);
  }
}

class ScrubbingProcessor implements SpanProcessor {
  constructor(private readonly next: SpanProcessor) {}
  onStart(span: Span, parent: Context) {
    this.next.onStart(span, parent);
  }
  onEnd(span: ReadableSpan) {
    scrubAttributes(span.attributes);
    this.next.onEnd(span);
  }
  forceFlush() {
    return this.next.forceFlush();
  }
  shutdown() {
    return this.next.shutdown();
  }
}

interface HandlerMessage {
  request: {
    applicant?: { subjectId: string } | null;
    params?: unknown;
    opentelemetry?: () => { span?: { setAttribute(key: string, value: string): unknown } };
  };
}

/** The application a call is about: the signed-in applicant's, or the `:id` a back-office route names. */
function applicationIdOf(request: HandlerMessage['request']): string | undefined {
  if (request.applicant?.subjectId) return request.applicant.subjectId;
  const id = (request.params as { id?: unknown } | undefined)?.id;
  return typeof id === 'string' && isUuid(id) ? id : undefined;
}

/** Starts tracing; resolves to a function that flushes and stops it. */
export async function startTracing(config: TracingConfig): Promise<() => Promise<void>> {
  // ESM imports of pg and ioredis can be patched only through the loader hook, registered before
  // they load (server.ts imports the app after this resolves)
  register('@opentelemetry/instrumentation/hook.mjs', import.meta.url);
  const [api, node, base, otlp, resources, semconv, instrumentation, pgi, redisi, fastifyOtel] = await Promise.all([
    import('@opentelemetry/api'),
    import('@opentelemetry/sdk-trace-node'),
    import('@opentelemetry/sdk-trace-base'),
    import('@opentelemetry/exporter-trace-otlp-http'),
    import('@opentelemetry/resources'),
    import('@opentelemetry/semantic-conventions'),
    import('@opentelemetry/instrumentation'),
    import('@opentelemetry/instrumentation-pg'),
    import('@opentelemetry/instrumentation-ioredis'),
    import('@fastify/otel'),
  ]);
  const exporter = new otlp.OTLPTraceExporter({ url: `${config.endpoint}/v1/traces` });
  const provider = new node.NodeTracerProvider({
    resource: resources.resourceFromAttributes({ [semconv.ATTR_SERVICE_NAME]: config.serviceName }),
    sampler: new base.ParentBasedSampler({ root: new base.TraceIdRatioBasedSampler(config.sampleRatio) }),
    spanProcessors: [new ScrubbingProcessor(new base.BatchSpanProcessor(exporter))],
  });
  provider.register();
  const FastifyOtel = fastifyOtel.FastifyOtelInstrumentation;
  instrumentation.registerInstrumentations({
    tracerProvider: provider,
    instrumentations: [
      new FastifyOtel({ registerOnInitialization: true, ignorePaths: (o) => o.url === '/metrics' }),
      new pgi.PgInstrumentation({ enhancedDatabaseReporting: false }),
      new redisi.IORedisInstrumentation({ dbStatementSerializer: (command) => command }),
    ],
  });
  // the application id, once the route's guard has read the session (before the handler runs)
  subscribe('tracing:fastify.request.handler:start', (message) => {
    const { request } = message as HandlerMessage;
    const id = applicationIdOf(request);
    if (id) request.opentelemetry?.().span?.setAttribute('ekyc.application_id', id);
  });
  const tracer = api.trace.getTracer('ekyc');
  setSpanRunner((name, attributes, fn) =>
    tracer.startActiveSpan(name, { attributes }, async (span) => {
      try {
        return await fn();
      } catch (err) {
        span.setStatus({ code: api.SpanStatusCode.ERROR, message: err instanceof Error ? err.name : 'error' });
        throw err;
      } finally {
        span.end();
      }
    }),
  );
  return () => provider.shutdown();
}
