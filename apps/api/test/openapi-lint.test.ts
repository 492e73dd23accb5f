/**
 * The OpenAPI document the app serves at /docs/json is one a broker's integrators can build on:
 * `redocly lint` with the repository's rules (redocly.yaml: the recommended ones) finds no error
 * and no warning, every call is named, summarised, tagged by area and says who may make it, and
 * the document names this deployment's URL and the licence.
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testApp } from './support/test-app.ts';

const ROOT = path.resolve(import.meta.dirname, '../../..');
const REDOCLY = path.join(ROOT, 'node_modules/.bin/redocly');
const PUBLIC_URL = 'https://kyc.broker.example';

type Operation = {
  operationId?: string;
  summary?: string;
  description?: string;
  tags?: string[];
  security?: Record<string, string[]>[];
  requestBody?: { content: Record<string, { schema: { anyOf?: unknown[] } }> };
  responses: Record<string, { $ref?: string; headers?: Record<string, unknown> }>;
};
type Document = {
  openapi: string;
  info: { license?: { name: string; identifier?: string } };
  servers?: { url: string }[];
  tags: { name: string; description?: string }[];
  paths: Record<string, Record<string, Operation>>;
  components: { securitySchemes: Record<string, { type: string; scheme?: string; name?: string }> };
};

let app: FastifyInstance;
let doc: Document;
const operations: (Operation & { method: string; path: string })[] = [];
const byId = (id: string) => operations.find((o) => o.operationId === id)!;

beforeAll(async () => {
  app = await testApp({ PUBLIC_URL });
  doc = (await app.inject({ url: '/docs/json' })).json() as Document;
  for (const [p, item] of Object.entries(doc.paths))
    for (const [method, operation] of Object.entries(item)) operations.push({ ...operation, method, path: p });
});
afterAll(async () => app?.close());

describe('the OpenAPI document', () => {
  it('passes redocly lint with the recommended rules: no error, no warning', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'openapi-lint-'));
    const file = path.join(dir, 'openapi.json');
    writeFileSync(file, JSON.stringify(doc));
    try {
      const run = promisify(execFile);
      const args = ['lint', file, '--config', path.join(ROOT, 'redocly.yaml'), '--format=json', '--max-problems=500'];
      const env = { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' };
      // redocly exits 1 on an error: its report is read either way
      const { stdout } = await run(REDOCLY, args, { env, maxBuffer: 32 * 1024 * 1024 }).catch(
        (failure: { stdout?: string }) => ({ stdout: failure.stdout ?? '' }),
      );
      const report = JSON.parse(stdout) as {
        totals: { errors: number; warnings: number };
        problems: { ruleId: string; message: string; location: { pointer: string }[] }[];
      };
      const problems = report.problems.map((p) => `${p.ruleId}: ${p.message} (${p.location[0]?.pointer})`);
      expect(problems).toEqual([]);
      expect(report.totals).toMatchObject({ errors: 0, warnings: 0 });
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('names, summarises and tags every call, with a tag the document declares', () => {
    expect(operations.length).toBeGreaterThan(140);
    const declared = new Set(doc.tags.map((t) => t.name));
    for (const o of operations) {
      const name = `${o.method.toUpperCase()} ${o.path}`;
      expect(o.operationId, name).toMatch(/^[a-z0-9-]+$/);
      expect(o.summary?.length, name).toBeGreaterThan(10);
      expect(o.tags?.length, name).toBe(1);
      expect(declared.has(o.tags![0]!), name).toBe(true);
    }
    expect(doc.tags.every((t) => t.description)).toBe(true);
  });

  it("keeps the spec's spellings as the calls' names, and says so in the summary", () => {
    for (const [id, word] of [
      ['initilize-digilocker', 'initialize'],
      ['initilize-digi', 'initialize'],
      ['esign-initate', 'initiate'],
      ['get-hypervege-token', 'HyperVerge'],
      ['upload-liveliness', 'liveness'],
    ] as const)
      expect(byId(id).summary).toContain(`the spec's spelling of ${word}`);
  });

  it("says who may call each one: the applicant's token, a staff token with its roles, none, or a provider's signature", () => {
    const schemes = doc.components.securitySchemes;
    expect(schemes.applicantToken).toMatchObject({ type: 'http', scheme: 'bearer' });
    expect(schemes.staffToken).toMatchObject({ type: 'http', scheme: 'bearer' });
    expect(schemes.upiSignature).toMatchObject({ type: 'apiKey', name: 'X-Setu-Signature' });
    expect(schemes.pennyDropWebhook).toMatchObject({ type: 'apiKey', in: 'header', name: 'Authorization' });
    for (const o of operations) expect(o.security, o.operationId).toBeDefined();

    for (const id of ['verify-otp', 'log-in-staff', 'healthz', 'readyz', 'sandbox-outbox', 'get-watchlist-quotes'])
      expect(byId(id).security, id).toEqual([]);
    // the mobile OTP is sent signed out; the email OTP for the signed-in applicant
    expect(byId('send-otp').security).toEqual([{}, { applicantToken: [] }]);
    expect(byId('get-user-details').security).toEqual([{ applicantToken: [] }]);
    expect(byId('list-applications').security).toEqual([{ staffToken: [] }]);
    expect(byId('list-applications').description).toContain('any active staff member');
    expect(byId('add-staff').description).toContain('of an administrator');
    expect(byId('confirm-approval').description).toContain('a checker or an administrator');
    expect(byId('upi-collect-webhook').security).toEqual([{ upiSignature: [] }]);
    expect(byId('upi-intent-webhook').security).toEqual([{ pennyDropWebhook: [] }]);
    for (const o of operations.filter((o) => o.security?.some((s) => 'staffToken' in s)))
      expect(o.description, o.operationId).toContain('Needs a staff token');
  });

  it('describes the bodies the server reads itself: both shapes of pan-validation and the webhooks', () => {
    const pan = byId('pan-validation').requestBody?.content['application/json']?.schema;
    expect(pan?.anyOf).toHaveLength(2);
    expect(JSON.stringify(pan)).toContain('"base64"');
    expect(JSON.stringify(pan)).toContain('"date_of_birth"');
    expect(JSON.stringify(byId('upi-collect-webhook').requestBody)).toContain('merchantReferenceId');
    expect(JSON.stringify(byId('upi-intent-webhook').requestBody)).toContain('rpd');
    expect(Object.keys(byId('esign-response').requestBody!.content)).toEqual([
      'application/x-www-form-urlencoded',
      'multipart/form-data',
    ]);
  });

  it('lists the failures each call can give, with Retry-After on 429 and 503', () => {
    const statuses = (id: string) => Object.keys(byId(id).responses);
    expect(statuses('get-user-details')).toEqual(['200', '401', '429', '500', '503']);
    expect(statuses('get-application')).toEqual(['200', '400', '401', '403', '404', '429', '500', '503']);
    expect(statuses('upi-collect-webhook')).toEqual(['200', '400', '403', '409', '413', '429', '500', '503']);
    expect(statuses('healthz')).toEqual(['200', '500', '503']);
    expect(byId('get-user-details').responses['429']?.$ref).toBe('#/components/responses/TooManyRequests');
    expect(byId('log-in-staff').responses['429']?.headers).toHaveProperty('Retry-After');
    expect(byId('readyz').responses['503']?.headers).toHaveProperty('Retry-After');
  });

  it("names this deployment's URL, the licence, and no path with a trailing slash", () => {
    expect(doc.openapi).toBe('3.1.0');
    expect(doc.servers).toEqual([expect.objectContaining({ url: PUBLIC_URL })]);
    const pkg = JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as { license: string };
    expect(doc.info.license).toEqual({ name: pkg.license, identifier: pkg.license });
    expect(Object.keys(doc.paths).filter((p) => p.length > 1 && p.endsWith('/'))).toEqual([]);
  });

  it('serves the interactive reference at /docs, grouped by tag', async () => {
    const page = await app.inject({ url: '/docs/' });
    expect(page.statusCode).toBe(200);
    expect(doc.tags.map((t) => t.name)).toEqual([
      'Applicant',
      'Client area',
      'Back office',
      'Provider callbacks',
      'Public site',
      'Operations',
      'Sandbox',
    ]);
  });
});
