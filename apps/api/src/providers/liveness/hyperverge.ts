/**
 * HyperVerge adapter (PROVIDERS.md, "Liveness and face match"): auth token from the auth host
 * (`https://ind-state.idv.hyperverge.co/v2/auth/token`), the hosted module's result for a
 * transaction, checkLiveness and matchFace (multipart, headers appId, appKey and transactionId) on
 * the API host (`https://ind.idv.hyperverge.co`). Real answers give `confidence` as "high"/"low"
 * (a number in some older answers, and matchFace may add a numeric `score`): both are read.
 */
import { LIVENESS_OUTCOMES, type LivenessOutcome } from '@ekyc/contracts/calls/upload-liveliness';
import { z } from 'zod';
import { type FetchLike, fetchJson, ProviderError, providerFetch } from '../http.ts';
import type {
  ActionCheck,
  ActionCheckRequest,
  FaceMatch,
  LivenessCheck,
  LivenessProvider,
  LivenessToken,
  ModuleResult,
} from './port.ts';

export interface HypervergeOptions {
  baseUrl: string;
  /** The token host, apart from the API host in production. */
  authUrl: string;
  appId: string;
  appKey: string;
  workflowId: string;
  /** The page that hosts the provider's web module; the token and transaction go in its query. */
  moduleUrl: string;
  tokenExpirySeconds: number;
  /** HyperVerge's web SDK script (HYPERVERGE_WEB_SDK_URL), loaded by the production module page. */
  webSdkUrl?: string | null;
  fetch?: FetchLike;
}

const tokenSchema = z.object({ status: z.literal('success'), result: z.object({ authToken: z.string() }) });
const resultSchema = z.object({
  status: z.string(),
  result: z.object({
    applicationStatus: z.string(),
    errorCode: z.union([z.string(), z.number()]).optional(),
    errorMessage: z.string().optional(),
  }),
});
const flag = z.looseObject({ value: z.enum(['yes', 'no']) }).optional();
/** "high"/"low" as HyperVerge sends it, or a number (0..1 or 0..100) from older answers. */
const confidenceSchema = z.union([z.number(), z.string()]).optional();
const livenessSchema = z.looseObject({
  status: z.string(),
  result: z.looseObject({
    details: z.looseObject({
      liveFace: z.looseObject({ value: z.enum(['yes', 'no']), confidence: confidenceSchema }),
      qualityChecks: z.record(z.string(), flag).optional(),
    }),
    summary: z.looseObject({ action: z.string().optional() }).optional(),
  }),
});
const matchSchema = z.looseObject({
  status: z.string(),
  result: z.looseObject({
    details: z.looseObject({
      match: z.looseObject({
        value: z.enum(['yes', 'no']),
        confidence: confidenceSchema,
        score: z.union([z.number(), z.string()]).optional(),
      }),
    }),
  }),
});

/** The level ("high"/"low") and the number, whichever the answer gives. */
export function readConfidence(confidence: number | string | undefined, score?: number | string) {
  const level = typeof confidence === 'string' && /^(high|low)$/i.test(confidence) ? confidence.toLowerCase() : null;
  const numeric = [score, level ? undefined : confidence]
    .map((v) => (v === undefined || v === '' ? NaN : Number(v)))
    .find((n) => Number.isFinite(n));
  const value = numeric === undefined ? null : numeric > 1 ? numeric / 100 : numeric;
  return { level: level as 'high' | 'low' | null, value };
}
const failureSchema = z.object({ error: z.string().optional(), statusCode: z.number().optional() });

export class HypervergeLiveness implements LivenessProvider {
  readonly webSdkUrl: string | null;
  constructor(private readonly options: HypervergeOptions) {
    this.webSdkUrl = options.webSdkUrl ?? null;
  }

  private get headers() {
    return { appId: this.options.appId, appKey: this.options.appKey };
  }

  async createToken(transactionId: string): Promise<LivenessToken> {
    const raw = await fetchJson(`${this.options.authUrl}/v2/auth/token`, {
      method: 'POST',
      body: {
        appId: this.options.appId,
        appKey: this.options.appKey,
        transactionId,
        workflowId: this.options.workflowId,
        expiry: this.options.tokenExpirySeconds,
      },
      fetch: this.options.fetch,
    });
    const token = tokenSchema.parse(raw).result.authToken.replace(/^Bearer\s+/i, '');
    const url = new URL(this.options.moduleUrl, 'http://relative.invalid');
    url.searchParams.set('token', token);
    url.searchParams.set('transactionId', transactionId);
    url.searchParams.set('workflowId', this.options.workflowId);
    const moduleUrl = /^https?:\/\//.test(this.options.moduleUrl) ? url.toString() : `${url.pathname}${url.search}`;
    return {
      token,
      transactionId,
      workflowId: this.options.workflowId,
      moduleUrl,
      expiresIn: this.options.tokenExpirySeconds,
    };
  }

  async moduleResult(transactionId: string): Promise<ModuleResult> {
    let raw: unknown;
    try {
      raw = await fetchJson(`${this.options.baseUrl}/v1/link-kyc/results`, {
        method: 'POST',
        headers: this.headers,
        body: { transactionId },
        fetch: this.options.fetch,
      });
    } catch (err) {
      // the transaction has no result yet until the applicant finishes the module
      if (err instanceof ProviderError && err.status === 404) return { status: null };
      throw err;
    }
    const { result } = resultSchema.parse(raw);
    const status = (LIVENESS_OUTCOMES as readonly string[]).includes(result.applicationStatus)
      ? (result.applicationStatus as LivenessOutcome)
      : null;
    if (status === null && result.applicationStatus !== 'started')
      return { status: 'error', errorCode: 'unknown_status', errorMessage: result.applicationStatus };
    return {
      status,
      ...(result.errorCode !== undefined && { errorCode: String(result.errorCode) }),
      ...(result.errorMessage !== undefined && { errorMessage: result.errorMessage }),
    };
  }

  private async postImages(
    path: string,
    parts: Record<string, Buffer>,
    transactionId: string,
  ): Promise<{ status: number; body: unknown }> {
    const form = new FormData();
    for (const [name, bytes] of Object.entries(parts))
      form.append(name, new Blob([new Uint8Array(bytes)], { type: 'image/jpeg' }), `${name}.jpg`);
    const res = await (this.options.fetch ?? providerFetch)(`${this.options.baseUrl}${path}`, {
      method: 'POST',
      headers: { ...this.headers, transactionId, accept: 'application/json' },
      body: form,
      signal: AbortSignal.timeout(60_000),
    });
    const text = await res.text();
    let body: unknown = null;
    try {
      body = text ? JSON.parse(text) : null;
    } catch {
      throw new ProviderError(`POST ${path} answered ${res.status} without JSON`, res.status, text);
    }
    return { status: res.status, body };
  }

  async checkLiveness(image: Buffer, transactionId: string): Promise<LivenessCheck> {
    const { status, body } = await this.postImages('/v1/checkLiveness', { image }, transactionId);
    // 422 "Face not detected" is an answer about the picture, not a failure of the service
    if (status === 422)
      return { live: false, confidence: null, confidenceLevel: null, faces: 0, flags: ['faceNotDetected'] };
    if (status >= 400)
      throw new ProviderError(`POST /v1/checkLiveness answered ${status}`, status, failureSchema.safeParse(body).data);
    const details = livenessSchema.parse(body).result.details;
    const flags = Object.entries(details.qualityChecks ?? {})
      .filter(([, v]) => v?.value === 'yes')
      .map(([k]) => k);
    const confidence = readConfidence(details.liveFace.confidence);
    return {
      live: details.liveFace.value === 'yes',
      confidence: confidence.value,
      confidenceLevel: confidence.level,
      faces: flags.includes('multipleFaces') ? 2 : 1,
      flags,
    };
  }

  async matchFace(selfie: Buffer, idPhoto: Buffer, transactionId: string): Promise<FaceMatch> {
    const { status, body } = await this.postImages('/v1/matchFace', { selfie, id: idPhoto }, transactionId);
    if (status === 422) return { match: false, confidence: null, confidenceLevel: null };
    if (status >= 400) throw new ProviderError(`POST /v1/matchFace answered ${status}`, status);
    const match = matchSchema.parse(body).result.details.match;
    const confidence = readConfidence(match.confidence, match.score);
    return { match: match.value === 'yes', confidence: confidence.value, confidenceLevel: confidence.level };
  }

  /**
   * HyperVerge's hosted module runs its own liveness, but its API has no check of an action chosen
   * by this server: the action is not checkable here, and the selfie goes to a reviewer (or passes,
   * by KYC_ACTION_NOT_CHECKED).
   */
  checkAction(_request: ActionCheckRequest): Promise<ActionCheck> {
    return Promise.resolve({ result: 'not_checkable', reason: 'provider_has_no_action_check' });
  }
}
