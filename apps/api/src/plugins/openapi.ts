/**
 * The OpenAPI document at /docs/json (and /docs/yaml), generated from the routes: each route's
 * shared Zod schemas, its operationId, summary and tags; who may call it from the guard it runs;
 * the failures it can give from its kind (openapi-document.ts). /docs is the browsable reference,
 * grouped by tag. `redocly lint` passes on it with no error or warning (test/openapi-lint.test.ts).
 */
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance, RouteOptions } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { type Access, accessOf, SCHEME, TAG } from '../lib/api-docs.ts';
import { API_DESCRIPTION, finishDocument, type Failure, SECURITY_SCHEMES } from './openapi-document.ts';
import { RATE_LIMIT_EXEMPT } from './security.ts';

type Security = readonly Readonly<Record<string, readonly string[]>>[];
type TransformInput = Parameters<typeof jsonSchemaTransform>[0];

/** The licence the project is published under (package.json). */
export const API_LICENSE = { name: 'Apache-2.0', identifier: 'Apache-2.0' };

const TAGS = [
  { name: TAG.applicant, description: "The applicant's journey, from the mobile OTP to the e-sign and the status." },
  {
    name: TAG.client,
    description:
      "The client area once the account is open: the client's sign-in, My account, and requests (freeze, unfreeze, nomination).",
  },
  {
    name: TAG.backOffice,
    description: "The broker's staff: sign-in, the review queue, decisions, registrations, staff administration.",
  },
  {
    name: TAG.callbacks,
    description: 'Called by the providers (UPI, e-sign service), not by an applicant or a broker system.',
  },
  { name: TAG.publicSite, description: "The broker's public site: calls that need no sign-in." },
  { name: TAG.operations, description: 'Health and readiness for load balancers and orchestrators.' },
  {
    name: TAG.sandbox,
    description:
      'Sandbox mode only (absent in production): the outbox of messages the sandbox would have sent, and the stand-ins for the outside providers, speaking their wire formats.',
  },
];

const ROLE_TEXT = {
  reviewer: 'any active staff member (reviewer, checker, supervisor or administrator; compliance to read only)',
  checker: 'a checker or an administrator',
  compliance: 'compliance or an administrator',
  supervisor: 'a supervisor or an administrator',
  admin: 'an administrator',
} as const;

/** The sentence a call's description ends with: who may call it. */
function accessSentence(access: Access | undefined, security: Security): string {
  if (access?.kind === 'applicant') return "Needs the applicant's token (verify-otp's data.token).";
  if (access?.kind === 'client') return "Needs the client's token (client-verify-otp's data.token).";
  if (access?.kind === 'staff') {
    const who = access.role ? ROLE_TEXT[access.role] : 'a signed-in staff member';
    const first = access.passwordFirst
      ? ' An account that must replace a password someone else set gets 403 until it has (password_change_required).'
      : '';
    return `Needs a staff token (log-in-staff's data.token) of ${who}.${first}`;
  }
  if (security.length === 0) return 'Public: no token.';
  return '';
}

function securityOf(access: Access | undefined): Security {
  if (access?.kind === 'applicant') return [{ [SCHEME.applicant]: [] }];
  if (access?.kind === 'client') return [{ [SCHEME.client]: [] }];
  if (access?.kind === 'staff') return [{ [SCHEME.staff]: [] }];
  return [];
}

const has = (value: unknown) => value !== undefined && value !== null;

/** The failures a call can give, from what it is: the document lists each with its reply. */
function failuresOf(r: {
  method: string;
  url: string;
  schema: Record<string, unknown>;
  access: Access | undefined;
  security: Security;
  rateLimited: boolean;
}): Failure[] {
  const failures = new Set<Failure>([500, 503]);
  const post = r.method === 'POST';
  // a POST's body (and its Idempotency-Key) is read even where no schema names it
  if (post || has(r.schema.body) || has(r.schema.querystring) || has(r.schema.params)) failures.add(400);
  const schemes = r.security.flatMap((s) => Object.keys(s));
  if (schemes.includes(SCHEME.applicant) || schemes.includes(SCHEME.staff) || schemes.includes(SCHEME.client))
    failures.add(401);
  if (
    r.access?.kind === 'staff' &&
    (r.access.role === 'admin' || r.access.role === 'compliance' || r.access.passwordFirst)
  )
    failures.add(403);
  if (schemes.includes(SCHEME.upiSignature) || schemes.includes(SCHEME.pennyDropWebhook)) failures.add(403);
  if (/\/:\w/.test(r.url)) failures.add(404);
  // the Idempotency-Key's conflicts, and the body limit
  if (post) for (const s of [409, 413] as const) failures.add(s);
  if (r.rateLimited) failures.add(429);
  for (const status of Object.keys((r.schema.response as object | undefined) ?? {}).map(Number))
    if (status >= 400) failures.add(status as Failure);
  return [...failures].sort();
}

/** Each route's part of the document: its schemas (from Zod), security, description and failures. */
function routeTransform(input: TransformInput) {
  const route = (input as TransformInput & { route: RouteOptions }).route;
  const documentedBody = route.config?.documentedBody;
  const withBody =
    documentedBody && input.schema && !input.schema.body ? { ...input.schema, body: documentedBody } : input.schema;
  const { schema } = jsonSchemaTransform({ ...input, schema: withBody ?? {} });
  if (schema.hide) return { schema, url: input.url };
  const method = [route.method].flat().find((m) => m !== 'HEAD') ?? 'GET';
  const access = accessOf(route.preHandler);
  const security = (schema.security as Security | undefined) ?? securityOf(access);
  const description = [schema.description, accessSentence(access, security)].filter(Boolean).join('\n\n');
  const rateLimited = route.config?.rateLimit !== false && !RATE_LIMIT_EXEMPT.has(input.url);
  return {
    schema: {
      ...schema,
      security,
      ...(description && { description }),
      'x-failures': failuresOf({
        method,
        url: input.url,
        schema: { ...withBody },
        access,
        security,
        rateLimited,
      }),
    },
    // the router ignores a trailing slash: /sandbox/ is /sandbox
    url: input.url.length > 1 ? input.url.replace(/\/$/, '') : input.url,
  };
}

export async function registerOpenApi(app: FastifyInstance) {
  const { config } = app.deps;
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: { title: 'eKYC onboarding API', description: API_DESCRIPTION, version: '1.0.0', license: API_LICENSE },
      servers: [{ url: config.publicUrl, description: 'This deployment (PUBLIC_URL)' }],
      tags: TAGS,
      components: { securitySchemes: SECURITY_SCHEMES },
    },
    transform: routeTransform as unknown as typeof jsonSchemaTransform,
    transformObject: (document) =>
      'openapiObject' in document ? finishDocument(document.openapiObject) : document.swaggerObject,
    hideUntagged: false,
  });
  await app.register(swaggerUi, {
    routePrefix: '/docs',
    staticCSP: false,
    uiConfig: { docExpansion: 'list', deepLinking: true, displayOperationId: true, tryItOutEnabled: false },
  });
}
