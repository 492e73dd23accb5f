/**
 * HyperVerge adapter (PROVIDERS.md, "Liveness and face match"): auth token, the hosted module's
 * result for a transaction, checkLiveness and matchFace (multipart), all against one base URL.
 */
import { LIVENESS_OUTCOMES, type LivenessOutcome } from '@ekyc/contracts/calls/upload-liveliness';
import { z } from 'zod';
import { type FetchLike, fetchJson, ProviderError } from '../http.ts';
import type { FaceMatch, LivenessCheck, LivenessProvider, LivenessToken, ModuleResult } from './port.ts';

export interface HypervergeOptions {
  baseUrl: string;
  appId: string;
  appKey: string;
  workflowId: string;
  /** The page that hosts the provider's web module; the token and transaction go in its query. */
  moduleUrl: string;
  tokenExpirySeconds: number;
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
const flag = z.object({ value: z.enum(['yes', 'no']) }).optional();
const livenessSchema = z.object({
  status: z.string(),
  result: z.object({
    details: z.object({
      liveFace: z.object({ value: z.enum(['yes', 'no']), confidence: z.coerce.number() }),
      qualityChecks: z.record(z.string(), flag).optional(),
    }),
  }),
});
const matchSchema = z.object({
  status: z.string(),
  result: z.object({
    details: z.object({ match: z.object({ value: z.enum(['yes', 'no']), confidence: z.coerce.number() }) }),
  }),
});
const failureSchema = z.object({ error: z.string().optional(), statusCode: z.number().optional() });

export class HypervergeLiveness implements LivenessProvider {
  constructor(private readonly options: HypervergeOptions) {}

  private get headers() {
    return { appId: this.options.appId, appKey: this.options.appKey };
  }

  async createToken(transactionId: string): Promise<LivenessToken> {
    const raw = await fetchJson(`${this.options.baseUrl}/v2/auth/token`, {
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

  private async postImages(path: string, parts: Record<string, Buffer>): Promise<{ status: number; body: unknown }> {
    const form = new FormData();
    for (const [name, bytes] of Object.entries(parts))
      form.append(name, new Blob([new Uint8Array(bytes)], { type: 'image/jpeg' }), `${name}.jpg`);
    const res = await (this.options.fetch ?? fetch)(`${this.options.baseUrl}${path}`, {
      method: 'POST',
      headers: { ...this.headers, accept: 'application/json' },
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

  async checkLiveness(image: Buffer): Promise<LivenessCheck> {
    const { status, body } = await this.postImages('/v1/checkLiveness', { image });
    // 422 "Face not detected" is an answer about the picture, not a failure of the service
    if (status === 422) return { live: false, confidence: 0, faces: 0, flags: ['faceNotDetected'] };
    if (status >= 400)
      throw new ProviderError(`POST /v1/checkLiveness answered ${status}`, status, failureSchema.safeParse(body).data);
    const details = livenessSchema.parse(body).result.details;
    const flags = Object.entries(details.qualityChecks ?? {})
      .filter(([, v]) => v?.value === 'yes')
      .map(([k]) => k);
    return {
      live: details.liveFace.value === 'yes',
      confidence: details.liveFace.confidence,
      faces: flags.includes('multipleFaces') ? 2 : 1,
      flags,
    };
  }

  async matchFace(selfie: Buffer, idPhoto: Buffer): Promise<FaceMatch> {
    const { status, body } = await this.postImages('/v1/matchFace', { selfie, id: idPhoto });
    if (status === 422) return { match: false, confidence: 0 };
    if (status >= 400) throw new ProviderError(`POST /v1/matchFace answered ${status}`, status);
    const match = matchSchema.parse(body).result.details.match;
    return { match: match.value === 'yes', confidence: match.confidence };
  }
}
