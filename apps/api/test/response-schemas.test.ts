/**
 * Every JSON call under /api/v1 declares its reply with a shared schema (schema.response), so the
 * reply is checked against its contract and the OpenAPI document lists it. Calls that answer a
 * file, a page or a script are named below with what they answer instead.
 */
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { $ZodType } from 'zod/v4/core';
import { checkedAtWrite } from '../src/plugins/reply-writer.ts';
import { testApp } from './support/test-app.ts';

/** Calls that do not answer JSON: method and path, with what they answer. */
const NOT_JSON: Record<string, string> = {
  'GET /api/v1/ekyc/files/:id': 'a stored file',
  'POST /api/v1/ekyc/esign-response': "the e-sign window's HTML page",
  'GET /api/v1/ekyc/esign-response/close.js': 'a script',
  'GET /api/v1/backoffice/applications/export': 'a CSV file',
  'GET /api/v1/backoffice/applications/:id/evidence-bundle': 'a ZIP file',
};

/** The applicant calls of the specification's section 7 (the WebSockets aside). */
const SECTION_7 = [
  ['get', 'get-occupation-list'],
  ['get', 'get-experience-list'],
  ['get', 'get-income-list'],
  ['get', 'get-education-list'],
  ['get', 'get-segment-list'],
  ['get', 'get-ref-code'],
  ['post', 'personal-details-update'],
  ['post', 'send-otp'],
  ['post', 'verify-otp'],
  ['post', 'verify-otp-email'],
  ['get', 'get-user-details'],
  ['post', 'bank-verification'],
  ['post', 'vpa-validation'],
  ['get', 'get-ifsc'],
  ['post', 'cheque-verification'],
  ['post', 'other-bank-document'],
  ['post', 'update-segment'],
  ['post', 'get-segment-status'],
  ['post', 'update-nominee'],
  ['get', 'get-digi-data'],
  ['get', 'initilize-digilocker'],
  ['get', 'initilize-digi'],
  ['post', 'digi-ovd-verify'],
  ['get', 'kra-digilocker'],
  ['post', 'pan-validation'],
  ['post', 'upload-signature'],
  ['get', 'upload-liveliness'],
  ['post', 'upload-liveliness'],
  ['get', 'get-hypervege-token'],
  ['get', 'esign-initate'],
  ['get', 'esign-consent'],
  ['get', 'get-application-status'],
] as const;

type JsonSchema = {
  type?: string;
  const?: unknown;
  enum?: unknown[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  oneOf?: JsonSchema[];
  $ref?: string;
};
type OpenApi = {
  paths: Record<
    string,
    Record<string, { responses?: Record<string, { content?: Record<string, { schema?: JsonSchema }> }> }>
  >;
  components: { schemas: Record<string, JsonSchema> };
};

let app: FastifyInstance;
beforeAll(async () => {
  app = await testApp();
  await app.ready();
});
afterAll(async () => app?.close());

describe('reply schemas', () => {
  it('every JSON call under /api/v1 declares its 200 reply', () => {
    const routes = app.routeTable.filter((r) => r.url.startsWith('/api/v1/') && !r.websocket);
    expect(routes.length).toBeGreaterThan(80);
    const offenders = routes
      .filter((r) => !(`${r.method} ${r.url}` in NOT_JSON))
      .filter((r) => !r.schema?.response?.[200])
      .map((r) => `${r.method} ${r.url}`);
    expect(offenders, `calls without schema.response[200]:\n${offenders.join('\n')}`).toEqual([]);
  });

  it('every call that validates its input declares the 400 naming the field', () => {
    const offenders = app.routeTable
      .filter((r) => r.url.startsWith('/api/v1/') && !(`${r.method} ${r.url}` in NOT_JSON))
      .filter((r) => (r.schema?.body || r.schema?.querystring || r.schema?.params) && !r.schema?.response?.[400])
      .map((r) => `${r.method} ${r.url}`);
    expect(offenders, `calls that validate input without schema.response[400]:\n${offenders.join('\n')}`).toEqual([]);
  });

  it('writes every reply without checking it against its schema on the way (no Ajv per reply)', () => {
    // a reply given by content type (a file, a page) is not written by the schema's writer
    const checked = app.routeTable.flatMap((r) =>
      Object.entries(r.schema?.response ?? {}).flatMap(([status, schema]) =>
        '_zod' in (schema as object)
          ? checkedAtWrite(schema as $ZodType).map((at) => `${r.method} ${r.url} ${status}: ${at}`)
          : [],
      ),
    );
    expect(checked).toEqual([]);
  });

  it('names in NOT_JSON only calls that exist', () => {
    const present = new Set(app.routeTable.map((r) => `${r.method} ${r.url}`));
    expect(Object.keys(NOT_JSON).filter((k) => !present.has(k))).toEqual([]);
  });
});

describe('the OpenAPI document', () => {
  let doc: OpenApi;
  beforeAll(async () => {
    doc = (await app.inject({ url: '/docs/json' })).json() as OpenApi;
  });

  /** The 200 reply's JSON schema of one call: the envelope, with its data. */
  const envelopeOf = (path: string, method: string) =>
    doc.paths[path]?.[method]?.responses?.['200']?.content?.['application/json']?.schema;

  it.each(SECTION_7)('lists the 200 reply of %s %s (section 7) as the envelope with its code', (method, call) => {
    const schema = envelopeOf(`/api/v1/ekyc/${call}`, method);
    // a stage action's reply is told apart by status: true with its data, false with the screen
    const branches = schema?.oneOf ?? [schema];
    expect(
      branches.map((b) => b?.properties?.status?.const ?? b?.properties?.status?.enum?.[0] ?? 'either').sort(),
    ).toEqual(schema?.oneOf ? [false, true] : ['either']);
    for (const branch of branches) {
      expect(branch?.properties).toMatchObject({
        status: { type: 'boolean' },
        message: { type: 'string' },
        code: { type: 'string' },
      });
      expect(branch?.properties?.data).toBeDefined();
      expect(branch?.required).toEqual(expect.arrayContaining(['status', 'message', 'data']));
      expect(branch?.required).not.toContain('code');
    }
  });

  it('lists the 200 reply of every back-office call that answers JSON', () => {
    const calls = app.routeTable.filter(
      (r) => r.url.startsWith('/api/v1/backoffice/') && !(`${r.method} ${r.url}` in NOT_JSON),
    );
    expect(calls.length).toBeGreaterThan(25);
    const missing = calls
      .map((r) => ({
        name: `${r.method} ${r.url}`,
        path: r.url.replace(/:(\w+)/g, '{$1}'),
        method: r.method.toLowerCase(),
      }))
      .filter((c) => !envelopeOf(c.path, c.method)?.properties?.data)
      .map((c) => c.name);
    expect(missing, `back-office calls without a 200 reply in the document:\n${missing.join('\n')}`).toEqual([]);
  });

  it('lists the 400 reply with each field error and its code, the one shared reply', () => {
    const declared =
      doc.paths['/api/v1/ekyc/send-otp']?.post?.responses?.['400']?.content?.['application/json']?.schema;
    expect(declared).toEqual({ $ref: '#/components/schemas/BadRequestReply' });
    const schema = doc.components.schemas.BadRequestReply;
    const errors = schema?.properties?.data?.properties?.errors as { items?: JsonSchema } | undefined;
    expect(errors?.items?.properties).toMatchObject({ field: {}, message: {}, code: {} });
  });
});
