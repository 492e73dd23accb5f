/**
 * The parts of the OpenAPI document that every call shares: the failure replies (the envelope of
 * packages/contracts/src/envelope.ts, with the catalogue keys each status can carry as `code`, from
 * ERROR_MESSAGE_KEYS), Retry-After, the Idempotency-Key, the security schemes; and the last pass
 * over the generated document that gives each call the failures its route transform listed.
 */
import { FAILURE_DATA, failureReplySchema } from '@ekyc/contracts/envelope';
import { z } from 'zod';
import type { $ZodType } from 'zod/v4/core';
import { SCHEME } from '../lib/api-docs.ts';
import { failureCodesOf } from '../lib/errors.ts';
import { IDEMPOTENCY_KEY_PATTERN } from './idempotency.ts';

export const API_DESCRIPTION = [
  'The API of a self-hostable eKYC onboarding platform for an Indian stockbroker: the applicant app calls the Applicant operations, the back office and a broker’s own systems the Back office ones.',
  '',
  'Every JSON reply is the envelope `{ status, message, code?, data }`. `code` is the key of the message in the catalogue when the message comes from it (for translation). HTTP 200 is a handled outcome: `status` false is a business refusal, with `data.screen` saying where the applicant goes next. A failure has its HTTP status and `status` false: 400 names each offending field in `data.errors`, 401 is a missing, expired or revoked token, 403 a caller without the right, 404 nothing by that name, 409 a state that does not allow the call, 413 a body over the limit, 429 too many requests, 503 a backing service or provider away (both with `Retry-After`).',
  '',
  'Every POST takes an optional `Idempotency-Key` header: a retry with the same key and body gets the first answer again (`Idempotent-Replayed: true`) without running the action twice. Every reply carries `X-Request-Id`, the key to its lines in the log.',
].join('\n');

export const SECURITY_SCHEMES = {
  [SCHEME.applicant]: {
    type: 'http',
    scheme: 'bearer',
    description:
      "The applicant's session token: `data.token` of verify-otp, sent as `Authorization: Bearer <token>`. It ends with logout or after the session's lifetime.",
  },
  [SCHEME.client]: {
    type: 'http',
    scheme: 'bearer',
    description:
      "A client's session token in the client area: `data.token` of client-verify-otp (an account that is open), sent as `Authorization: Bearer <token>`. It opens the client area's calls only; an applicant's token is refused there and this one in the onboarding.",
  },
  [SCHEME.staff]: {
    type: 'http',
    scheme: 'bearer',
    description:
      'A staff session token: `data.token` of log-in-staff (POST /api/v1/backoffice/login), sent as `Authorization: Bearer <token>`. The staff member’s role (reviewer, checker, compliance, administrator) is checked on the server at each call; the roles a call needs are in its description.',
  },
  [SCHEME.upiSignature]: {
    type: 'apiKey',
    in: 'header',
    name: 'X-Setu-Signature',
    description: 'Base64 of the HMAC-SHA256 of the raw request body, keyed with UPI_WEBHOOK_SECRET.',
  },
  [SCHEME.pennyDropWebhook]: {
    type: 'apiKey',
    in: 'header',
    name: 'Authorization',
    description:
      'Setu’s HMAC option (the default): the base64 HMAC-SHA256 of the raw body under SETU_RPD_WEBHOOK_SECRET; or, with SETU_RPD_WEBHOOK_AUTH=basic, HTTP Basic with SETU_RPD_WEBHOOK_USER and SETU_RPD_WEBHOOK_PASSWORD. Either way the body’s timeStamp must be within WEBHOOK_MAX_AGE_SECONDS and a delivery is taken once.',
  },
} as const;

/** The failures the document lists, by HTTP status: the reply's component name and meaning. */
const FAILURES = {
  400: {
    name: 'BadRequest',
    description: "Malformed input: data.errors names each offending field, with its rule's message key as code.",
  },
  401: { name: 'Unauthorized', description: 'No valid token: missing, malformed, expired or revoked.' },
  403: { name: 'Forbidden', description: 'The caller may not do this (role, password to change, or a bad signature).' },
  404: { name: 'NotFound', description: 'Nothing by that name.' },
  409: {
    name: 'Conflict',
    description:
      'The state does not allow this now (the message says why), or the Idempotency-Key was used with another request or its first request is still running.',
  },
  413: { name: 'PayloadTooLarge', description: 'The body is over the limit for this call.' },
  429: { name: 'TooManyRequests', description: 'Too many requests: try again after Retry-After seconds.' },
  500: { name: 'InternalError', description: 'An unexpected failure (logged under the reply’s X-Request-Id).' },
  503: {
    name: 'ServiceUnavailable',
    description:
      'A backing service or an outside provider is away, or the server is shutting down: retry after Retry-After seconds.',
  },
} as const;
export type Failure = keyof typeof FAILURES;

const WITH_RETRY_AFTER = new Set<number>([429, 503]);
const MESSAGE_KEY_REF = { $ref: '#/components/schemas/MessageKey' };

function jsonSchemaOf(schema: $ZodType): Record<string, unknown> {
  const { $schema: _, ...json } = z.toJSONSchema(schema, { target: 'draft-2020-12', io: 'output' });
  return json;
}

type Json = Record<string, unknown>;
const asJson = (value: unknown): Json | undefined =>
  value && typeof value === 'object' && !Array.isArray(value) ? (value as Json) : undefined;

/** The `code` of a failure reply of this status: the enum of its keys (all of the catalogue for 400). */
function codeSchemaOf(status: Failure): Json {
  return status === 400 ? MESSAGE_KEY_REF : { type: 'string', enum: failureCodesOf(status) };
}

/** A failure reply's schema, with `code` (and each field error's code) as the enum of its status. */
function withCodes(schema: Json, status: Failure): Json {
  const properties = asJson(schema.properties);
  if (properties && 'code' in properties) properties.code = codeSchemaOf(status);
  const errors = asJson(asJson(asJson(properties?.data)?.properties)?.errors);
  const fieldError = asJson(asJson(errors?.items)?.properties);
  if (fieldError && 'code' in fieldError) fieldError.code = MESSAGE_KEY_REF;
  return schema;
}

function failureComponents() {
  const schemas: Json = {
    MessageKey: { type: 'string', enum: failureCodesOf(400), description: 'A key of the message catalogue.' },
  };
  const responses: Json = {};
  for (const [status, { name, description }] of Object.entries(FAILURES)) {
    const code = Number(status) as Failure;
    schemas[`${name}Reply`] = withCodes(
      jsonSchemaOf(failureReplySchema(failureCodesOf(code), FAILURE_DATA[code])),
      code,
    );
    responses[name] = {
      description,
      ...(WITH_RETRY_AFTER.has(code) && { headers: { 'Retry-After': { $ref: '#/components/headers/RetryAfter' } } }),
      content: { 'application/json': { schema: { $ref: `#/components/schemas/${name}Reply` } } },
    };
  }
  return {
    schemas,
    responses,
    headers: {
      RetryAfter: {
        description: 'Seconds to wait before trying again.',
        required: true,
        schema: { type: 'integer', minimum: 0 },
      },
      IdempotentReplayed: {
        description: 'Present (true) when this is the kept answer of an earlier request with the same Idempotency-Key.',
        schema: { type: 'string', enum: ['true'] },
      },
    },
    parameters: {
      IdempotencyKey: {
        name: 'Idempotency-Key',
        in: 'header',
        required: false,
        description:
          'Makes a retry safe: the same key with the same body gets the first answer again without running the action twice (409 with another body, or while the first request runs).',
        schema: { type: 'string', pattern: IDEMPOTENCY_KEY_PATTERN.source },
      },
    },
  };
}

/** HTTP reason phrases of the statuses a route declares without a description. */
const REASON: Record<string, string> = { 200: 'OK', 400: FAILURES[400].description, 503: FAILURES[503].description };

/** True for the envelope with data the client need not read (emptyReplySchema): the shared reply says more. */
function isPlainEnvelope(schema: Json): boolean {
  const data = asJson(asJson(schema.properties)?.data);
  return Boolean(data && !data.properties && !data.required && asJson(data.additionalProperties));
}

/**
 * A route-declared failure reply, made what the document says of its status: the codes, the
 * headers, and the shared reply beside the route's own (the error handler answers it as well).
 */
function finishDeclaredFailure(response: Json, status: Failure) {
  if (response.description === 'Default Response') response.description = FAILURES[status].description;
  const content = (asJson(response.content) ?? {}) as Record<string, Json>;
  const shared = { $ref: `#/components/schemas/${FAILURES[status].name}Reply` };
  const declared = asJson(content['application/json']?.schema);
  // every route's 400 is the one shape (validationErrorReplySchema): the shared reply, named once
  if (!declared || isPlainEnvelope(declared) || status === 400) content['application/json'] = { schema: shared };
  else content['application/json'] = { schema: { anyOf: [withCodes(declared, status), shared] } };
  response.content = content;
  if (WITH_RETRY_AFTER.has(status))
    response.headers = { ...asJson(response.headers), 'Retry-After': { $ref: '#/components/headers/RetryAfter' } };
}

/**
 * A `required` property that `properties` does not name (a record keyed by an enum) is the
 * record's value schema: named, so that readers and linters see it defined.
 */
function nameRequiredProperties(node: unknown): void {
  if (Array.isArray(node)) return node.forEach(nameRequiredProperties);
  const schema = asJson(node);
  if (!schema) return;
  const value = asJson(schema.additionalProperties);
  if (Array.isArray(schema.required) && value) {
    const properties = (asJson(schema.properties) ?? {}) as Json;
    for (const name of schema.required as string[]) properties[name] ??= value;
    schema.properties = properties;
  }
  for (const child of Object.values(schema)) nameRequiredProperties(child);
}

type Operation = Json & { responses?: Record<string, Json>; parameters?: unknown[]; 'x-failures'?: Failure[] };

/** The document's last pass: shared components, and each call's failures, headers and parameters. */
export function finishDocument<D extends object>(document: D): D {
  const doc = document as D & { components?: Json; paths?: Record<string, Record<string, Operation>> };
  const shared = failureComponents();
  const components = (doc.components ??= {});
  for (const [part, entries] of Object.entries(shared)) components[part] = { ...asJson(components[part]), ...entries };
  for (const item of Object.values(doc.paths ?? {}))
    for (const [method, operation] of Object.entries(item)) {
      const responses = (operation.responses ??= {});
      for (const status of operation['x-failures'] ?? []) {
        const declared = responses[status];
        if (declared) finishDeclaredFailure(declared, status);
        else responses[status] = { $ref: `#/components/responses/${FAILURES[status].name}` };
      }
      delete operation['x-failures'];
      for (const [status, response] of Object.entries(responses))
        if (response.description === 'Default Response') response.description = REASON[status] ?? 'OK';
      if (method === 'post') {
        operation.parameters = [...(operation.parameters ?? []), { $ref: '#/components/parameters/IdempotencyKey' }];
        for (const [status, response] of Object.entries(responses))
          if (status.startsWith('2'))
            response.headers = {
              ...asJson(response.headers),
              'Idempotent-Replayed': { $ref: '#/components/headers/IdempotentReplayed' },
            };
      }
    }
  nameRequiredProperties(doc.paths);
  return doc;
}
