/**
 * What a route says about itself in the OpenAPI document (plugins/openapi.ts builds it). A route
 * declares its operationId, summary and tags (by area) in its schema; who may call it is read from
 * the guard it runs (requireApplicant, requireRole), so the document cannot say otherwise, and a
 * call that checks its caller in the handler (a webhook, a signed link) declares `security`.
 */
import type { StaffRole } from '@ekyc/contracts/calls/backoffice-login';
import type { $ZodType } from 'zod/v4/core';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * The body of a call whose handler reads it itself (raw for a signature check, or in one of two
     * shapes chosen by a query flag), described in the document from the Zod schema it is read with.
     */
    documentedBody?: $ZodType;
  }
}

/** The areas the calls are grouped by, in the document and at /docs. */
export const TAG = {
  applicant: 'Applicant',
  client: 'Client area',
  backOffice: 'Back office',
  callbacks: 'Provider callbacks',
  publicSite: 'Public site',
  operations: 'Operations',
  sandbox: 'Sandbox',
} as const;

/** The document's security schemes by name (components.securitySchemes). */
export const SCHEME = {
  applicant: 'applicantToken',
  client: 'clientToken',
  staff: 'staffToken',
  upiSignature: 'upiSignature',
  pennyDropWebhook: 'pennyDropWebhook',
  ops: 'opsToken',
} as const;

type SecurityRequirement = Readonly<Record<string, readonly string[]>>;

/** `security` of a call anyone may make. */
export const PUBLIC: readonly SecurityRequirement[] = [];
/** `security` of a call that works signed out and, with the applicant's token, for that applicant. */
export const OPTIONAL_APPLICANT: readonly SecurityRequirement[] = [{}, { [SCHEME.applicant]: [] }];
/** `security` of the UPI collect webhook: the provider signs the raw body (X-Setu-Signature). */
export const UPI_SIGNATURE: readonly SecurityRequirement[] = [{ [SCHEME.upiSignature]: [] }];
/** `security` of the reverse penny drop's webhook: a body HMAC (or Basic), as configured at the provider. */
export const PENNY_DROP_WEBHOOK: readonly SecurityRequirement[] = [{ [SCHEME.pennyDropWebhook]: [] }];

/** Who a route's guard lets through. */
export type Access =
  | { kind: 'applicant' }
  /** A client of the client area. */
  | { kind: 'client' }
  /**
   * `role`: 'reviewer' admits every active staff member (reviewers, checkers, administrators;
   * compliance to read only), 'compliance' compliance and administrators, 'admin' administrators only; none: any staff session. `passwordFirst`: an account that must
   * replace a password someone else chose is refused (403) until it has.
   */
  | { kind: 'staff'; role?: StaffRole; passwordFirst: boolean };

const ACCESS = Symbol('access');

/** Marks a guard (a preHandler) with whom it admits, for the document. */
export function guardAdmitting<F extends object>(guard: F, access: Access): F {
  Object.defineProperty(guard, ACCESS, { value: access });
  return guard;
}

/** Whom a route's preHandler (one function or a list) admits, when one of them is a marked guard. */
export function accessOf(preHandler: unknown): Access | undefined {
  for (const fn of [preHandler].flat()) {
    const access = (fn as { [ACCESS]?: Access } | null | undefined)?.[ACCESS];
    if (access) return access;
  }
  return undefined;
}
