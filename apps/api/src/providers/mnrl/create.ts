/** The MNRL port is chosen once, from configuration. */
import type { Config } from '../../config.ts';
import { SANDBOX_ORIGIN, type SelfFetch } from '../http.ts';
import { requiredSetting } from '../settings.ts';
import type { MobileRevocationList } from './port.ts';
import { listSource } from '../list-source.ts';
import { FileRevocationList } from './revocation-list.ts';

export function createMnrl(config: Config, selfFetch: SelfFetch): MobileRevocationList {
  const reloadMs = config.mnrlReloadMinutes * 60_000;
  // the sandbox serves its list file with its test numbers (docs/configuration.md)
  if (config.sandbox)
    return new FileRevocationList(
      { kind: 'url', url: `${SANDBOX_ORIGIN}/sandbox/mnrl/list.csv`, fetch: selfFetch },
      reloadMs,
    );
  return new FileRevocationList(listSource(requiredSetting(config)('MNRL_SOURCE')), reloadMs);
}
