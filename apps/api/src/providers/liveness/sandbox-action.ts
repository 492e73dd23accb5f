/**
 * The sandbox liveness provider: HyperVerge's wire format, plus a check of the random action that
 * the real service does not offer (sandbox/liveness/action-check.ts), judged on the frames with the
 * sandbox face model.
 */
import { z } from 'zod';
import { ProviderError, providerFetch } from '../http.ts';
import { HypervergeLiveness, type HypervergeOptions } from './hyperverge.ts';
import type { ActionCheck, ActionCheckRequest } from './port.ts';

const answerSchema = z.object({
  status: z.literal('success'),
  result: z.object({
    action: z.object({
      value: z.enum(['verified', 'failed', 'not_checkable']),
      reason: z.string().max(80),
      faces: z.number().int().optional(),
    }),
  }),
});

export class SandboxLiveness extends HypervergeLiveness {
  constructor(private readonly sandbox: HypervergeOptions) {
    super(sandbox);
  }

  override async checkAction({ frames, action, transactionId }: ActionCheckRequest): Promise<ActionCheck> {
    const form = new FormData();
    frames.forEach((bytes, i) =>
      form.append(`frame${i}`, new Blob([new Uint8Array(bytes)], { type: 'image/jpeg' }), `frame${i}.jpg`),
    );
    const query = new URLSearchParams({
      kind: action.kind,
      ...(action.kind === 'turn_head' && { direction: action.direction }),
    });
    const res = await (this.sandbox.fetch ?? providerFetch)(`${this.sandbox.baseUrl}/v1/checkAction?${query}`, {
      method: 'POST',
      headers: { appId: this.sandbox.appId, appKey: this.sandbox.appKey, transactionId, accept: 'application/json' },
      body: form,
      signal: AbortSignal.timeout(120_000),
    });
    const text = await res.text();
    if (res.status >= 400) throw new ProviderError(`POST /v1/checkAction answered ${res.status}`, res.status, text);
    const { action: judged } = answerSchema.parse(JSON.parse(text)).result;
    return { result: judged.value, reason: judged.reason, ...(judged.faces !== undefined && { faces: judged.faces }) };
  }
}
