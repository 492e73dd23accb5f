/** The liveness port is chosen once, from configuration. */
import { requiredSetting } from '../settings.ts';
import type { Config } from '../../config.ts';
import { type FetchLike, SANDBOX_ORIGIN, type SelfFetch } from '../http.ts';
import { HypervergeLiveness } from './hyperverge.ts';
import type { LivenessProvider } from './port.ts';

/** Header marking a base64-wrapped binary body on the in-process sandbox transport (it carries text only). */
export const SANDBOX_BODY_ENCODING = 'x-sandbox-body-encoding';

/** Lets multipart bodies (FormData) cross the in-process transport: sent as base64 text, decoded by the sandbox. */
export function binarySafe(selfFetch: FetchLike): FetchLike {
  return async (url, init) => {
    if (init.body === undefined || init.body === null || typeof init.body === 'string') return selfFetch(url, init);
    const request = new Request(url, { method: init.method, headers: init.headers, body: init.body });
    const bytes = Buffer.from(await request.arrayBuffer());
    const headers: Record<string, string> = Object.fromEntries(request.headers.entries());
    headers[SANDBOX_BODY_ENCODING] = 'base64';
    return selfFetch(url, { method: init.method, headers, body: bytes.toString('base64'), signal: init.signal });
  };
}

export function createLivenessProvider(config: Config, selfFetch: SelfFetch): LivenessProvider {
  if (config.sandbox)
    return new HypervergeLiveness({
      baseUrl: `${SANDBOX_ORIGIN}/sandbox/liveness`,
      appId: 'sandbox-app',
      appKey: 'sandbox-key',
      workflowId: 'sandbox_selfie_liveness',
      moduleUrl: '/sandbox/liveness/module',
      tokenExpirySeconds: 900,
      fetch: binarySafe(selfFetch),
    });
  const env = config.providerEnv;
  const need = requiredSetting(config);
  return new HypervergeLiveness({
    baseUrl: env.HYPERVERGE_BASE_URL ?? 'https://ind.idv.hyperverge.co',
    appId: need('HYPERVERGE_APP_ID'),
    appKey: need('HYPERVERGE_APP_KEY'),
    workflowId: need('HYPERVERGE_WORKFLOW_ID'),
    moduleUrl: need('HYPERVERGE_MODULE_URL'),
    tokenExpirySeconds: Number(env.HYPERVERGE_TOKEN_EXPIRY ?? 900),
  });
}
