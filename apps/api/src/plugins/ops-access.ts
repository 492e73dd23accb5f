/**
 * /metrics and /docs are open in development and sandbox. Where they are protected (NODE_ENV=production,
 * or OPS_TOKEN or OPS_LISTEN set) the public listener answers them only with `Authorization: Bearer
 * <OPS_TOKEN>` (401 without it; 404 when no token is configured), and OPS_LISTEN serves them on a
 * separate address (for a scraper on a private network) without a token.
 */
import { randomBytes, timingSafeEqual } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from '../lib/errors.ts';
import { decodedPath, routePath } from '../lib/route-path.ts';

const OPS_PATH = /^\/(metrics|docs)(\/|$)/;

/** True for the ops pages' paths (a route pattern or a decoded path, never the raw request line). */
export const isOpsPath = (path: string) => OPS_PATH.test(path);

declare module 'fastify' {
  interface FastifyInstance {
    /** The token the separate ops listener presents when it forwards a request in-process. */
    opsInternalToken: string;
    /** The separate ops listener, when OPS_LISTEN is set and the app listens. */
    opsServer: Server | null;
  }
}

function sameToken(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

function presentedToken(req: FastifyRequest): string | null {
  const header = req.headers.authorization;
  const m = header ? /^Bearer (.+)$/i.exec(header) : null;
  return m ? m[1]!.trim() : null;
}

export function registerOpsAccess(app: FastifyInstance) {
  const { ops } = app.deps.config;
  const internal = randomBytes(32).toString('base64url');
  app.decorate('opsInternalToken', internal);
  app.decorate('opsServer', null);
  app.addHook('onClose', async (instance) => {
    const server = instance.opsServer;
    if (server) await new Promise<void>((resolve) => server.close(() => resolve()));
  });
  if (!ops.protect) return;
  // judged on the route the router matched: the raw URL can spell /metrics as /%6Detrics
  app.addHook('onRequest', async (req) => {
    if (!isOpsPath(routePath(req))) return;
    const given = presentedToken(req);
    if (given && (sameToken(given, internal) || (ops.token && sameToken(given, ops.token)))) return;
    if (ops.token) throw new AppError('UNAUTHORIZED', 'This page needs the operations token.');
    throw new AppError('NOT_FOUND');
  });
}

/** Serves /metrics and /docs on OPS_LISTEN by forwarding GETs to the app in-process. */
export async function listenOps(app: FastifyInstance): Promise<Server | undefined> {
  const listen = app.deps.config.ops.listen;
  if (!listen) return undefined;
  const server = createServer((req, res) => {
    const url = req.url ?? '/';
    if ((req.method !== 'GET' && req.method !== 'HEAD') || !isOpsPath(decodedPath(url))) {
      res
        .writeHead(404, { 'content-type': 'application/json' })
        .end('{"status":false,"message":"Not found","data":{}}');
      return;
    }
    app
      .inject({ method: req.method, url, headers: { authorization: `Bearer ${app.opsInternalToken}` } })
      .then((r) => {
        const headers = Object.fromEntries(
          Object.entries(r.headers).filter(([k]) => !['content-length', 'transfer-encoding', 'connection'].includes(k)),
        );
        res.writeHead(r.statusCode, headers).end(req.method === 'HEAD' ? undefined : r.rawPayload);
      })
      .catch(() => res.writeHead(500).end());
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(listen.port, listen.host, () => resolve());
  });
  app.opsServer = server;
  return server;
}
