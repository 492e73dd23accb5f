/** The hosting ranges are chosen once, from configuration: none when no list is configured. */
import type { Config } from '../../config.ts';
import { SANDBOX_ORIGIN, type SelfFetch } from '../http.ts';
import { listSource } from '../list-source.ts';
import type { HostingRanges } from './port.ts';
import { FileHostingRanges } from './range-list.ts';

export function createHostingRanges(config: Config, selfFetch: SelfFetch): HostingRanges | null {
  const { source, reloadMinutes } = config.ipHosting;
  const reloadMs = reloadMinutes * 60_000;
  // the sandbox serves its list with its test ranges (docs/configuration.md)
  if (config.sandbox && !source)
    return new FileHostingRanges(
      { kind: 'url', url: `${SANDBOX_ORIGIN}/sandbox/hosting-ranges/ranges.txt`, fetch: selfFetch },
      reloadMs,
    );
  return source ? new FileHostingRanges(listSource(source), reloadMs) : null;
}
