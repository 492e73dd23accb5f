/**
 * Spans around the work no library instruments (provider calls, queued jobs), without importing
 * OpenTelemetry: until tracing starts (OTEL_EXPORTER_OTLP_ENDPOINT) a span is just the call, so a
 * process without tracing loads none of it. Attributes name providers, calls with identifiers
 * replaced, job queues and application ids: never a PAN, name, mobile or any other personal value.
 */
export type SpanAttributes = Record<string, string | number | boolean>;

export type SpanRunner = <T>(name: string, attributes: SpanAttributes, fn: () => Promise<T>) => Promise<T>;

let runner: SpanRunner = (_name, _attributes, fn) => fn();

/** Runs fn inside a span named `name` (a child of the active one) when tracing is on. */
export const inSpan: SpanRunner = (name, attributes, fn) => runner(name, attributes, fn);

/** Set once by the tracing start-up. */
export const setSpanRunner = (r: SpanRunner) => {
  runner = r;
};
