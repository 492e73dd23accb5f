/**
 * The liveness poll of section 4: while the reply says retry, ask again every 2 s, for at most
 * 120 s; then the last message is shown as an error.
 */
import type { UploadLivelinessData } from '@ekyc/contracts/calls/upload-liveliness';
import { LIVENESS_POLL_CAP_MS, LIVENESS_POLL_MS } from '@ekyc/contracts/constants';
import type { Envelope } from '../../../lib/api-client';

export type PollResult =
  { kind: 'done'; reply: Envelope<UploadLivelinessData> } | { kind: 'timedOut'; message: string } | { kind: 'stopped' };

export async function pollLiveness(
  first: Envelope<UploadLivelinessData>,
  fetchOnce: () => Promise<Envelope<UploadLivelinessData>>,
  options: {
    intervalMs?: number;
    capMs?: number;
    now?: () => number;
    sleep?: (ms: number) => Promise<void>;
    signal?: AbortSignal;
  } = {},
): Promise<PollResult> {
  const interval = options.intervalMs ?? LIVENESS_POLL_MS;
  const cap = options.capMs ?? LIVENESS_POLL_CAP_MS;
  const now = options.now ?? Date.now;
  const sleep = options.sleep ?? ((ms: number) => new Promise<void>((r) => setTimeout(r, ms)));
  const started = now();
  let reply = first;
  while (reply.data.retry === true) {
    if (now() - started + interval > cap) return { kind: 'timedOut', message: reply.message };
    await sleep(interval);
    if (options.signal?.aborted) return { kind: 'stopped' };
    reply = await fetchOnce();
  }
  return { kind: 'done', reply };
}
