/**
 * The OpenAPI document describes what the API really does: a representative set of real requests
 * (sign-up by OTP through the sandbox outbox, PAN validation, a back-office sign-in and a queue
 * read, a replayed POST, and the failures 400, 401, 403, 404, 429) goes through openapi-backend's
 * validator of the document the app serves. A request the server accepts that the document
 * refuses, a call the document does not list, or a reply (status, media type, body, required
 * header) the document does not describe fails the test.
 */
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import type { FastifyInstance } from 'fastify';
import { OpenAPIBackend, type Operation } from 'openapi-backend';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, testApp, uniqueMobile } from './support/test-app.ts';

type Method = 'GET' | 'POST';
interface Exchange {
  statusCode: number;
  headers: Record<string, unknown>;
  body: unknown;
}
type ResponseObject = {
  content?: Record<string, unknown>;
  headers?: Record<string, { required?: boolean }>;
};

let app: FastifyInstance;
let api: OpenAPIBackend;
/** Every call the test made, by operationId. */
const called = new Set<string>();

beforeAll(async () => {
  // a stopped clock: the OTP's resend countdown has not run out for the second send, however slow the machine
  const startedAt = Date.now();
  app = await testApp({}, { now: () => startedAt });
  const document = (await app.inject({ url: '/docs/json' })).json() as object;
  // quick: openapi-backend's own check of the document knows OpenAPI 3.0 only (redocly lints this
  // 3.1 document, test/openapi-lint.test.ts); its validators of requests and replies are used
  api = new OpenAPIBackend({
    definition: document as never,
    quick: true,
    coerceTypes: true,
    // OpenAPI 3.1's schemas are JSON Schema 2020-12 (tuples as prefixItems): its own Ajv, with the
    // formats openapi-backend adds for OpenAPI (binary, int32…) and the standard ones (uuid…)
    customizeAjv: (original, options) => {
      const ajv = addFormats(new Ajv2020({ ...options, strict: false }));
      for (const [name, format] of Object.entries(original.formats)) if (format) ajv.addFormat(name, format);
      return ajv as unknown as typeof original;
    },
  });
  await api.init();
});
afterAll(async () => app?.close());

/** Sends a request to the app and checks it and its reply against the document. */
async function send(
  method: Method,
  url: string,
  options: { token?: string; body?: unknown; headers?: Record<string, string>; raw?: string } = {},
): Promise<Exchange> {
  const headers: Record<string, string> = {
    ...(options.token && bearer(options.token)),
    ...((options.body !== undefined || options.raw !== undefined) && { 'content-type': 'application/json' }),
    ...options.headers,
  };
  const [path, search = ''] = url.split('?');
  const request = { method, path: path!, query: search, headers, body: options.body };
  const operation = api.router.matchOperation(request) as Operation | undefined;
  expect(operation, `${method} ${url} is not in the document`).toBeDefined();
  called.add(operation!.operationId!);

  const res = await app.inject({
    method,
    url,
    headers,
    ...(options.raw !== undefined
      ? { payload: options.raw }
      : options.body !== undefined && { payload: options.body as object }),
  });
  const contentType = String(res.headers['content-type'] ?? '').split(';')[0]!;
  const body = contentType === 'application/json' ? (res.json() as unknown) : res.body;
  const name = `${method} ${url} → ${res.statusCode}`;

  // the request: what the document refuses, the server refuses too
  const checked = api.validator.validateRequest(
    options.raw !== undefined ? { ...request, body: options.raw } : request,
    operation!,
  );
  if (!checked.valid) expect(res.statusCode, `${name}: accepted a request the document refuses`).toBe(400);
  const anonymous =
    (operation!.security ?? []).length === 0 || operation!.security!.some((s) => !Object.keys(s).length);
  if (!anonymous && !headers.authorization)
    expect([401, 403], `${name}: answered without the credentials the document asks for`).toContain(res.statusCode);

  // the reply: a status, a media type, a body and the headers the document lists
  const response = (operation!.responses as Record<string, ResponseObject>)[String(res.statusCode)];
  expect(response, `${name}: the document lists no ${res.statusCode} for ${operation!.operationId}`).toBeDefined();
  if (res.body.length) expect(Object.keys(response!.content ?? {}), `${name}: media type`).toContain(contentType);
  if (contentType === 'application/json') {
    const result = api.validator.validateResponse(body, operation!, res.statusCode);
    expect(result.errors ?? [], `${name}: the reply breaks the document`).toEqual([]);
  }
  for (const [header, spec] of Object.entries(response!.headers ?? {}))
    if (spec.required) expect(res.headers[header.toLowerCase()], `${name}: header ${header}`).toBeDefined();
  return { statusCode: res.statusCode, headers: res.headers, body };
}

const data = <T>(exchange: Exchange) => (exchange.body as { data: T }).data;

describe('the API as the OpenAPI document describes it', () => {
  let token = '';
  let staffToken = '';
  const mobile = uniqueMobile();

  it('signs an applicant up by mobile OTP through the sandbox outbox', async () => {
    expect((await send('POST', '/api/v1/ekyc/send-otp', { body: { mobile, whatspp_opt: false } })).statusCode).toBe(
      200,
    );
    // a second send inside the countdown: 429 with Retry-After
    const again = await send('POST', '/api/v1/ekyc/send-otp', { body: { mobile, whatspp_opt: false } });
    expect(again.statusCode).toBe(429);
    const outbox = await send('GET', `/sandbox/outbox?to=${mobile}`);
    const otp = (outbox.body as { otp: string | null }[])[0]?.otp;
    expect(otp).toMatch(/^\d{6}$/);
    const verified = await send('POST', '/api/v1/ekyc/verify-otp', { body: { mobile, otp } });
    token = data<{ token: string }>(verified).token;
    expect(token).toBeTruthy();

    const email = `applicant${mobile}@example.com`;
    await send('POST', '/api/v1/ekyc/send-otp', { token, body: { email } });
    const emailOtp = ((await send('GET', `/sandbox/outbox?to=${email}`)).body as { otp: string }[])[0]!.otp;
    expect(
      (await send('POST', '/api/v1/ekyc/verify-otp-email', { token, body: { email, otp: emailOtp } })).statusCode,
    ).toBe(200);
  });

  it('validates a PAN, and reads the record and the status', async () => {
    const pan = await send('POST', '/api/v1/ekyc/pan-validation', {
      token,
      body: { pan: 'ABCPE1234F', pan_name: 'Asha Rao', date_of_birth: '12/04/1990' },
    });
    expect(pan.statusCode).toBe(200);
    expect((await send('GET', '/api/v1/ekyc/get-user-details', { token })).statusCode).toBe(200);
    expect((await send('GET', '/api/v1/ekyc/get-application-status', { token })).statusCode).toBe(200);
  });

  it('replays a POST with the same Idempotency-Key', async () => {
    const headers = { 'idempotency-key': `consent-${mobile}` };
    const first = await send('POST', '/api/v1/ekyc/update-consent', {
      token,
      headers,
      body: { purpose: 'marketing', granted: false },
    });
    const replay = await send('POST', '/api/v1/ekyc/update-consent', {
      token,
      headers,
      body: { purpose: 'marketing', granted: false },
    });
    expect(replay.statusCode).toBe(first.statusCode);
    expect(replay.headers['idempotent-replayed']).toBe('true');
  });

  it('signs a staff member in and reads the review queue', async () => {
    const email = `reviewer${mobile}@example.com`;
    const password = 'Reviewer-Desk-Passphrase-4417';
    await send('POST', '/sandbox/fixtures/staff', {
      body: { email, name: 'Rita Reviewer', role: 'reviewer', password },
    });
    const login = await send('POST', '/api/v1/backoffice/login', { body: { email, password } });
    staffToken = data<{ token: string }>(login).token;
    expect(staffToken).toBeTruthy();
    // a wrong password is a handled refusal (after the sign-in: the clock is stopped, and a failure
    // makes the next attempt wait)
    const wrong = await send('POST', '/api/v1/backoffice/login', { body: { email, password: 'not-the-password-1' } });
    expect((wrong.body as { status: boolean }).status).toBe(false);
    const queue = await send('GET', '/api/v1/backoffice/applications?page=1', { token: staffToken });
    expect(queue.statusCode).toBe(200);
    expect((await send('GET', '/api/v1/backoffice/me', { token: staffToken })).statusCode).toBe(200);
    // an administrator's call: 403 for a reviewer
    expect((await send('GET', '/api/v1/backoffice/staff', { token: staffToken })).statusCode).toBe(403);
  });

  it('answers the failures the document lists: 401, 400, 403, 404', async () => {
    expect((await send('GET', '/api/v1/ekyc/get-user-details')).statusCode).toBe(401);
    expect((await send('GET', '/api/v1/backoffice/applications')).statusCode).toBe(401);
    expect((await send('GET', '/api/v1/ekyc/get-user-details', { token: 'not-a-token' })).statusCode).toBe(401);
    expect((await send('POST', '/api/v1/ekyc/verify-otp', { body: { mobile: 12345, otp: [] } })).statusCode).toBe(400);
    expect((await send('POST', '/api/v1/ekyc/send-otp', { raw: '{"mobile":' })).statusCode).toBe(400);
    const unsigned = await send('POST', '/api/v1/ekyc/upi-collect-webhook', {
      headers: { 'x-setu-signature': 'not-the-signature' },
      body: { eventType: 'payment.success', status: 'success', id: 'c1', merchantReferenceId: 'r1' },
    });
    expect(unsigned.statusCode).toBe(403);
    const missing = '00000000-0000-4000-8000-000000000000';
    expect((await send('GET', `/api/v1/backoffice/applications/${missing}`, { token: staffToken })).statusCode).toBe(
      404,
    );
    expect((await send('GET', `/api/v1/ekyc/files/${missing}?exp=1&sid=s&sig=x`)).statusCode).toBe(401);
  });

  it('answers the probes', async () => {
    expect((await send('GET', '/healthz')).statusCode).toBe(200);
    expect((await send('GET', '/readyz')).statusCode).toBe(200);
  });

  it('went through the calls it means to', () => {
    for (const id of [
      'send-otp',
      'verify-otp',
      'pan-validation',
      'log-in-staff',
      'list-applications',
      'sandbox-outbox',
    ])
      expect(called).toContain(id);
  });
});
