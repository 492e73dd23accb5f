/**
 * Every endpoint receives inputs derived from its own schema (each field of its body, query and
 * params filled with generated values of many types) plus malformed JSON, wrong types, huge
 * strings, unicode edge cases and missing fields. No reply may be a 5xx, and a batch of inputs
 * that must all be rejected leaves the database exactly as it was.
 */
import fc from 'fast-check';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { RouteInfo } from '../../src/app.ts';
import { testApp, uniqueMobile } from '../support/test-app.ts';

const TOTAL_TARGET = 10_000;
const SKIP = [/^\/docs/, /^\/metrics$/, /^\/sandbox\/fixtures\//];

const unicodeEdge = fc.constantFrom(
  '',
  ' ',
  '\u0000',
  '\uFEFF',
  '\u202E',
  'ï¿½',
  '𝕏𝕐',
  '👨‍👩‍👧',
  'Ä'.normalize('NFD'),
  '\n\r\t',
  '"\'<>&',
  '../../etc/passwd',
  '%00',
  '${7*7}',
  "'; drop table applicants; --",
);
const hugeString = fc.integer({ min: 10_000, max: 200_000 }).map((n) => 'A'.repeat(n));
const leaf = fc.oneof(
  fc.string({ maxLength: 40 }),
  fc.string({ unit: 'binary', maxLength: 40 }),
  unicodeEdge,
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
  fc.constant(undefined),
  fc.stringMatching(/^[6-9]\d{9}$/),
  fc.stringMatching(/^[A-Z]{5}\d{4}[A-Z]$/),
  fc.stringMatching(/^\d{6}$/),
  fc.constantFrom(
    'data:image/png;base64,iVBORw0KGgo=',
    'data:application/pdf;base64,JVBERi0xLjQK',
    'true',
    '0',
    '-1',
    'NaN',
  ),
);
const anyValue = fc.oneof(
  { weight: 8, arbitrary: leaf },
  { weight: 1, arbitrary: hugeString },
  {
    weight: 2,
    arbitrary: fc.oneof(
      fc.array(leaf, { maxLength: 5 }),
      fc.dictionary(fc.string({ maxLength: 8 }), leaf, { maxKeys: 4 }),
    ),
  },
);

/** The field names a route's schema declares, from its JSON Schema (objects only). */
function fieldsOf(schema: unknown): string[] {
  if (!schema || typeof schema !== 'object' || !('_zod' in schema)) return [];
  try {
    const json = z.toJSONSchema(schema as z.ZodType, { io: 'input', unrepresentable: 'any' }) as {
      properties?: Record<string, unknown>;
    };
    return Object.keys(json.properties ?? {});
  } catch {
    return [];
  }
}

function objectFor(fields: string[]) {
  const extra = fc.dictionary(fc.string({ maxLength: 10 }), leaf, { maxKeys: 2 });
  return fc
    .tuple(fc.record(Object.fromEntries(fields.map((f) => [f, anyValue])), { requiredKeys: [] }), extra)
    .map(([known, more]) => ({ ...more, ...known }));
}

function pathFor(url: string, params: Record<string, unknown>): string {
  const text = (v: unknown) => (typeof v === 'string' ? v : (JSON.stringify(v) ?? 'x'));
  return url.replace(/:([A-Za-z_]+)/g, (_m, name: string) => encodeURIComponent(text(params[name] ?? 'x')));
}

function queryString(values: Record<string, unknown>): string {
  const qs = new URLSearchParams();
  for (const [k, v] of Object.entries(values))
    if (v !== undefined) qs.set(k, typeof v === 'string' ? v : JSON.stringify(v));
  const s = qs.toString();
  return s ? `?${s}` : '';
}

const MALFORMED: Array<{ payload: string; type: string }> = [
  { payload: '{"mobile":', type: 'application/json' },
  { payload: '[1,2,', type: 'application/json' },
  { payload: 'not json at all', type: 'application/json' },
  { payload: '{"a":1}{"b":2}', type: 'application/json' },
  { payload: '\u0000\u0001\u0002', type: 'application/json' },
  { payload: '{"__proto__":{"polluted":true}}', type: 'application/json' },
  { payload: `{"x":"${'\\ud800'.repeat(10)}"}`, type: 'application/json' },
  { payload: 'mobile=9876543210', type: 'application/x-www-form-urlencoded' },
  { payload: '<xml/>', type: 'text/xml' },
];

let app: FastifyInstance;
let token = '';
let routes: RouteInfo[] = [];

async function tableDigest(): Promise<string> {
  const rows = await app.deps.database.db.execute<{ name: string }>(
    // every table's rows, hashed: compared before and after a batch of rejected input
    (await import('drizzle-orm'))
      .sql`select table_name as name from information_schema.tables where table_schema = 'public' order by 1`,
  );
  const names = (Array.isArray(rows) ? rows : (rows as { rows: { name: string }[] }).rows)
    .map((r) => r.name)
    .filter((n) => n !== 'schema_migrations');
  const parts: string[] = [];
  for (const name of names) {
    const r = await app.deps.database.db.execute<{ d: string }>(
      (await import('drizzle-orm')).sql.raw(
        // a session's last_seen_at records activity, not a change made by the input
        `select count(*)::text || ':' || coalesce(md5(string_agg(${name === 'sessions' ? '(t.id, t.token_hash, t.expires_at, t.revoked_at)' : 't'}::text, ',' order by t::text)), '') as d from "${name}" t`,
      ),
    );
    parts.push(`${name}=${(Array.isArray(r) ? r : (r as { rows: { d: string }[] }).rows)[0]!.d}`);
  }
  return parts.join('\n');
}

beforeAll(async () => {
  app = await testApp({ SANDBOX_SKIP_HEAVY_CHECKS: 'true' });
  await app.ready();
  routes = app.routeTable.filter((r) => !r.websocket && !SKIP.some((s) => s.test(r.url)));
  const seeded = await app.inject({
    method: 'POST',
    url: '/sandbox/fixtures/applicant',
    payload: { mobile: uniqueMobile(), stage: 160 },
  });
  token = (seeded.json() as { data: { token: string } }).data.token;
}, 120_000);
afterAll(() => app.close());

describe('fuzzing every endpoint', () => {
  const failures: string[] = [];
  let sent = 0;

  const send = async (method: string, url: string, payload?: string | object, type?: string, auth = true) => {
    const res = await app.inject({
      method: method as 'POST',
      url,
      headers: { ...(auth && { authorization: `Bearer ${token}` }), ...(type && { 'content-type': type }) },
      ...(payload !== undefined && { payload }),
    });
    sent += 1;
    if (res.statusCode >= 500)
      failures.push(
        `${res.statusCode} ${method} ${url.slice(0, 120)} ${typeof payload === 'string' ? payload.slice(0, 80) : JSON.stringify(payload)?.slice(0, 80)}`,
      );
    return res;
  };

  it('rejects malformed requests without a state change', async () => {
    let checked = 0;
    for (const route of routes.filter((r) => r.method === 'POST')) {
      const url = pathFor(route.url, {});
      const before = await tableDigest();
      const statuses: number[] = [];
      for (const m of MALFORMED) statuses.push((await send('POST', url, m.payload, m.type)).statusCode);
      if (fieldsOf(route.schema?.body).length)
        for (const wrong of [[], 42, 'text', null, true]) {
          const res = await send('POST', url, JSON.stringify(wrong), 'application/json');
          expect.soft(res.statusCode, `${url} ${JSON.stringify(wrong)}`).toBeGreaterThanOrEqual(400);
          statuses.push(res.statusCode);
        }
      // a call without a body (logout) may accept any well-formed JSON; only a fully rejected batch must change nothing
      if (statuses.every((st) => st >= 400 && st < 500)) {
        expect.soft(await tableDigest(), `state changed by rejected input to ${url}`).toBe(before);
        checked += 1;
      }
    }
    expect(checked).toBeGreaterThan(20);
  }, 300_000);

  it(`answers ${TOTAL_TARGET}+ generated requests without a 5xx`, async () => {
    const perRoute = Math.ceil(TOTAL_TARGET / routes.length);
    for (const route of routes) {
      const body = objectFor(fieldsOf(route.schema?.body));
      const query = objectFor(fieldsOf(route.schema?.querystring));
      const params = objectFor(fieldsOf(route.schema?.params));
      const samples = fc.sample(fc.tuple(body, query, params, fc.boolean(), fc.integer({ min: 0, max: 9 })), {
        numRuns: perRoute,
        seed: 20261122,
      });
      for (const [b, q, p, auth, shape] of samples) {
        const url = pathFor(route.url, p) + queryString(q);
        if (route.method === 'GET') await send('GET', url, undefined, undefined, auth);
        else if (shape === 0) await send(route.method, url, undefined, undefined, auth);
        else await send(route.method, url, JSON.stringify(b), 'application/json', auth || shape > 2);
      }
    }
    console.log(`fuzz: ${sent} requests to ${routes.length} endpoints, ${failures.length} answered 5xx`);
    expect(failures).toEqual([]);
    expect(sent).toBeGreaterThanOrEqual(TOTAL_TARGET);
  }, 900_000);
});
