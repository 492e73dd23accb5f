/** Client address, throttling, the operations pages, Redis outages, idempotency and traces. */
import { isIP } from 'node:net';
import { z } from 'zod';
import { ConfigError, type Mode } from './parse.ts';

export const operationsEnv = z.object({
  RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).default(600),
  OTP_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).default(30),
  /** Per-address limits count an IPv6 client by this prefix length (its network), not its full address. */
  RATE_LIMIT_IPV6_PREFIX: z.coerce.number().int().min(16).max(128).default(64),
  /** Sends and checks per mobile number (or email) per minute, whatever the address. */
  OTP_RATE_LIMIT_PER_MOBILE_PER_MINUTE: z.coerce.number().int().min(1).default(10),
  /** Proxies whose X-Forwarded-For is believed: off, a hop count, or addresses and CIDR ranges. */
  TRUST_PROXY: z.string().optional(),
  /** Bearer token for /metrics and /docs where they are protected (production, or whenever set). */
  OPS_TOKEN: z.string().min(32, 'use at least 32 characters').optional(),
  /** A second listen address ("port" or "host:port") serving /metrics and /docs without a token. */
  OPS_LISTEN: z.string().optional(),
  /** Longest wait for Redis to take a socket push; an undelivered push is dropped (sockets re-read on reconnect). */
  REDIS_PUBLISH_TIMEOUT_MS: z.coerce.number().int().min(50).max(10_000).default(500),
  /** With Redis unreachable, the OTP and staff-login limits: open (let through), local (count per process), closed (refuse). */
  OTP_RATE_LIMIT_WITHOUT_REDIS: z.enum(['open', 'local', 'closed']).default('local'),
  /** How long a reply to an Idempotency-Key is kept for replays; purged after that. */
  IDEMPOTENCY_TTL_HOURS: z.coerce.number().int().min(1).max(168).default(24),
  /** How long a claim on a key holds while its request runs; a dead request frees it after this. */
  IDEMPOTENCY_LEASE_SECONDS: z.coerce.number().int().min(5).max(3600).default(60),
  /** Traces go to this OTLP/HTTP collector (e.g. http://otel-collector:4318); unset: tracing off, not loaded. */
  OTEL_EXPORTER_OTLP_ENDPOINT: z.url().optional(),
  /** The service name on every span. */
  OTEL_SERVICE_NAME: z.string().min(1).default('ekyc-api'),
  /** The share of new traces kept (0 to 1); a call that arrives inside a sampled trace is always kept. */
  OTEL_TRACES_SAMPLER_ARG: z.coerce.number().min(0).max(1).default(1),
});

export type TrustProxy = false | number | string[];

const PROXY_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);

function validProxyEntry(entry: string): boolean {
  if (PROXY_NAMES.has(entry)) return true;
  const [address, bits, ...rest] = entry.split('/');
  if (rest.length || !address) return false;
  const family = isIP(address);
  if (!family) return false;
  if (bits === undefined) return true;
  if (!/^\d{1,3}$/.test(bits)) return false;
  return Number(bits) <= (family === 4 ? 32 : 128);
}

/** TRUST_PROXY: unset/false/off/0, a hop count (1, 2…), or a comma-separated list of addresses and CIDR ranges. */
export function parseTrustProxy(raw: string | undefined): TrustProxy {
  const value = (raw ?? '').trim();
  if (!value || ['false', 'off', 'no', '0'].includes(value.toLowerCase())) return false;
  if (/^\d+$/.test(value)) return Number(value);
  if (['true', 'yes', 'on', '*'].includes(value.toLowerCase()))
    throw new ConfigError(
      'Invalid configuration:\n  TRUST_PROXY: trusting every proxy lets any client choose its address; give the number of proxies in front (e.g. 1) or their addresses (e.g. 10.0.0.0/8)',
    );
  const entries = value
    .split(',')
    .map((e) => e.trim())
    .filter(Boolean);
  const bad = entries.filter((e) => !validProxyEntry(e));
  if (bad.length)
    throw new ConfigError(
      `Invalid configuration:\n  TRUST_PROXY: not an address, CIDR range, hop count or loopback/linklocal/uniquelocal: ${bad.join(', ')}`,
    );
  return entries;
}

/** OPS_LISTEN: "9100" or "127.0.0.1:9100" or "[::1]:9100". */
function parseListen(raw: string | undefined, host: string): { host: string; port: number } | undefined {
  if (!raw?.trim()) return undefined;
  const m = /^(?:\[([^\]]+)\]:|([^:]+):)?(\d{1,5})$/.exec(raw.trim());
  const port = m ? Number(m[3]) : NaN;
  if (!m || port > 65535)
    throw new ConfigError(
      'Invalid configuration:\n  OPS_LISTEN: use a port ("9100") or host and port ("127.0.0.1:9100")',
    );
  return { host: m[1] ?? m[2] ?? host, port };
}

export function operationsSettings(e: z.output<typeof operationsEnv>, mode: Mode) {
  const trustProxy = parseTrustProxy(e.TRUST_PROXY);
  const opsListen = parseListen(e.OPS_LISTEN, mode.host);
  const tracing = e.OTEL_EXPORTER_OTLP_ENDPOINT
    ? {
        /** The collector's base URL: spans are posted to `${endpoint}/v1/traces`. */
        endpoint: e.OTEL_EXPORTER_OTLP_ENDPOINT.replace(/\/$/, ''),
        serviceName: e.OTEL_SERVICE_NAME,
        sampleRatio: e.OTEL_TRACES_SAMPLER_ARG,
      }
    : null;
  return {
    rateLimit: {
      perMinute: e.RATE_LIMIT_PER_MINUTE,
      otpPerMinute: e.OTP_RATE_LIMIT_PER_MINUTE,
      otpPerMobilePerMinute: e.OTP_RATE_LIMIT_PER_MOBILE_PER_MINUTE,
      /** IPv6 clients are counted by this prefix (/64: one home or phone connection); IPv4 by address. */
      ipv6Prefix: e.RATE_LIMIT_IPV6_PREFIX,
    },
    /** Fastify's trustProxy: false (the socket's address), a hop count, or trusted addresses/ranges. */
    trustProxy,
    /** /metrics and /docs: open, or behind a token and/or only on a separate listen address. */
    ops: {
      protect: mode.production || Boolean(e.OPS_TOKEN) || Boolean(opsListen),
      token: e.OPS_TOKEN,
      listen: opsListen,
    },
    idempotency: { ttlHours: e.IDEMPOTENCY_TTL_HOURS, leaseSeconds: e.IDEMPOTENCY_LEASE_SECONDS },
    /** OpenTelemetry traces over OTLP/HTTP, or null (off: the tracing code is not even loaded). */
    tracing,
    /** How the API behaves while Redis is unreachable (docs/operations.md). */
    redisDown: {
      publishTimeoutMs: e.REDIS_PUBLISH_TIMEOUT_MS,
      otpRateLimit: e.OTP_RATE_LIMIT_WITHOUT_REDIS,
    },
  };
}

export type TracingConfig = NonNullable<ReturnType<typeof operationsSettings>['tracing']>;
/** A rate limit while Redis is unreachable: let requests through, count per process, or refuse. */
export type RedisDownMode = z.output<typeof operationsEnv>['OTP_RATE_LIMIT_WITHOUT_REDIS'];
