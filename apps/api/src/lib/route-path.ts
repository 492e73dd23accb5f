/**
 * The path a request is served under, for rules that depend on it (ops pages, caching). The raw
 * request line is not it: the router decodes it (`/%6Detrics` is `/metrics`) and takes the path
 * out of an absolute-form target (`GET http://host/metrics`). The route the router matched is the
 * answer; a request no route matched gets its path decoded the same way.
 */
import type { FastifyRequest } from 'fastify';

/** The decoded path of a request target (origin-form or absolute-form), dot segments resolved. */
export function decodedPath(target: string): string {
  let pathname: string;
  try {
    pathname = new URL(target, 'http://localhost').pathname;
  } catch {
    pathname = target.split('?')[0] ?? target;
  }
  try {
    return decodeURIComponent(pathname);
  } catch {
    return pathname;
  }
}

/** The matched route's path pattern (e.g. `/docs/static/*`), else the request's decoded path. */
export const routePath = (req: FastifyRequest): string => req.routeOptions.url ?? decodedPath(req.url);
