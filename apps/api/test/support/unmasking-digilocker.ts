/**
 * The production DigiLocker adapter talking to the app's own sandbox, with a hook to rewrite each
 * answer: tests use it to play a misbehaving provider that sends the full Aadhaar number.
 */
import type { FastifyInstance } from 'fastify';
import { SANDBOX_DIGILOCKER_CLIENT } from '../../src/providers/digilocker/create.ts';
import { MeripehchaanDigilocker } from '../../src/providers/digilocker/meripehchaan.ts';

/**
 * `app` is read at call time (the adapter is built before the app it talks to); `before`, when
 * given, is awaited before each request is passed on.
 */
export function digilockerThroughSandbox(
  app: () => FastifyInstance,
  rewrite: (body: string) => string,
  before: (path: string) => Promise<void> = async () => undefined,
): MeripehchaanDigilocker {
  return new MeripehchaanDigilocker({
    baseUrl: 'http://sandbox.internal/sandbox/digilocker',
    authorizeBaseUrl: '/sandbox/digilocker',
    clientId: SANDBOX_DIGILOCKER_CLIENT.id,
    clientSecret: SANDBOX_DIGILOCKER_CLIENT.secret,
    redirectUri: 'http://127.0.0.1:8080/ekyc1/returnurl',
    // the rewritten XML no longer matches its signature: this provider is trusted as it answers,
    // the whole answer taken as signed
    verifyEAadhaar: async (xml) => xml,
    fetch: async (url, init) => {
      const u = new URL(url);
      await before(u.pathname);
      const res = await app().inject({
        method: (init.method ?? 'GET') as 'GET',
        url: u.pathname + u.search,
        headers: Object.fromEntries(new Headers(init.headers).entries()),
        payload: typeof init.body === 'string' ? init.body : undefined,
      });
      return new Response(rewrite(res.body), {
        status: res.statusCode,
        headers: { 'content-type': String(res.headers['content-type']) },
      });
    },
  });
}

/** The sandbox masks the Aadhaar number as xxxxxxxx1234; this puts a full one in its place. */
export const unmask = (fullAadhaar: string) => (body: string) => body.replace(/xxxxxxxx\d{4}/g, fullAadhaar);
