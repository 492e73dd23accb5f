/** The liveness port is chosen once, from configuration. */
import { requiredSetting } from '../settings.ts';
import { type Config, ConfigError } from '../../config.ts';
import { type FetchLike, SANDBOX_ORIGIN, type SelfFetch } from '../http.ts';
import { HypervergeLiveness } from './hyperverge.ts';
import { SandboxLiveness } from './sandbox-action.ts';
import type { LivenessProvider } from './port.ts';

/** The production page that loads HyperVerge's web SDK (modules/selfie/liveness-module.ts). */
export const LIVENESS_MODULE_PATH = '/api/v1/ekyc/liveness-module';

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

function httpsUrl(name: string, value: string): string {
  let url: URL | null = null;
  try {
    url = new URL(value);
  } catch {
    // reported below
  }
  if (url?.protocol !== 'https:') throw new ConfigError(`${name} must be an https URL`);
  return url.toString();
}

export function createLivenessProvider(config: Config, selfFetch: SelfFetch): LivenessProvider {
  if (config.sandbox)
    return new SandboxLiveness({
      baseUrl: `${SANDBOX_ORIGIN}/sandbox/liveness`,
      authUrl: `${SANDBOX_ORIGIN}/sandbox/liveness`,
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
    baseUrl: (env.HYPERVERGE_BASE_URL ?? 'https://ind.idv.hyperverge.co').replace(/\/$/, ''),
    authUrl: (env.HYPERVERGE_AUTH_URL ?? 'https://ind-state.idv.hyperverge.co').replace(/\/$/, ''),
    appId: need('HYPERVERGE_APP_ID'),
    appKey: need('HYPERVERGE_APP_KEY'),
    workflowId: need('HYPERVERGE_WORKFLOW_ID'),
    // The page hosting HyperVerge's web SDK: this service's own (liveness-module) unless set.
    moduleUrl: env.HYPERVERGE_MODULE_URL ?? LIVENESS_MODULE_PATH,
    webSdkUrl: httpsUrl('HYPERVERGE_WEB_SDK_URL', need('HYPERVERGE_WEB_SDK_URL')),
    tokenExpirySeconds: Number(env.HYPERVERGE_TOKEN_EXPIRY ?? 900),
  });
}
