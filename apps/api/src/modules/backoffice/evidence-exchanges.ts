/**
 * The provider exchanges in the evidence bundle: one file per provider call, numbered in the order
 * they were made (provider-exchanges/001-pan-verify.json), each with the raw requests and answers
 * as kept (secrets redacted when recorded), and an index of them.
 */
import { strToU8 } from 'fflate';
import type { ProviderExchange } from '../../providers/exchanges/recorder.ts';

const json = (v: unknown) => strToU8(`${JSON.stringify(v, null, 2)}\n`);

export function exchangeFiles(exchanges: ProviderExchange[]): Record<string, Uint8Array> {
  if (!exchanges.length) return {};
  const files: Record<string, Uint8Array> = {};
  const index = exchanges.map((e, i) => {
    const name = `provider-exchanges/${String(i + 1).padStart(3, '0')}-${e.provider}-${e.operation}.json`;
    files[name] = json(e);
    return {
      file: name,
      provider: e.provider,
      operation: e.operation,
      at: e.at,
      outcome: e.outcome,
      http_calls: e.http.length,
    };
  });
  files['provider-exchanges/index.json'] = json({ exchanges: index });
  return files;
}
