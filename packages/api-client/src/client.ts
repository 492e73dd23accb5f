/**
 * A typed client of the eKYC onboarding API: openapi-fetch over the types generated from the
 * OpenAPI document (schema.ts, `npm run api-client`). Paths, parameters, bodies and replies are
 * checked by the compiler against the document; the replies are typed, not checked at run time.
 */
import createClient from 'openapi-fetch';
import type { paths } from './schema.ts';

export type { components, operations, paths } from './schema.ts';

export interface ApiClientOptions {
  /** A session token (the applicant's, or a staff member's), sent as `Authorization: Bearer`. */
  token?: string;
  /** The fetch to call with (the platform's by default). */
  fetch?: (request: Request) => Promise<Response>;
}

/** A client of the API at `baseUrl` (the deployment's PUBLIC_URL, e.g. https://kyc.broker.example). */
export function createApiClient(baseUrl: string, options: ApiClientOptions = {}) {
  return createClient<paths>({
    baseUrl,
    headers: options.token ? { authorization: `Bearer ${options.token}` } : {},
    ...(options.fetch && { fetch: options.fetch }),
  });
}

export type ApiClient = ReturnType<typeof createApiClient>;
