/** The screening lists' sources are chosen once, from configuration. */
import type { ScreeningList } from '@ekyc/contracts/screening';
import type { Config } from '../../config.ts';
import { SANDBOX_ORIGIN, type SelfFetch } from '../http.ts';
import { requiredSetting } from '../settings.ts';
import { type ListSource, listSource } from '../list-source.ts';
import { FileScreeningLists } from './file-lists.ts';
import type { ScreeningLists } from './port.ts';

const SANDBOX_FILES: Record<ScreeningList, string> = {
  sebi_debarred: 'sebi-debarred.csv',
  un_consolidated: 'un-consolidated.xml',
  pep: 'pep.csv',
};

export function createScreeningLists(config: Config, selfFetch: SelfFetch): ScreeningLists {
  // the sandbox serves its list files with their test entries (docs/configuration.md)
  if (config.sandbox)
    return new FileScreeningLists(
      Object.fromEntries(
        Object.entries(SANDBOX_FILES).map(([list, file]) => [
          list,
          { kind: 'url', url: `${SANDBOX_ORIGIN}/sandbox/screening/${file}`, fetch: selfFetch } satisfies ListSource,
        ]),
      ),
    );
  const required = requiredSetting(config);
  const pep = config.providerEnv.SCREENING_PEP_SOURCE;
  return new FileScreeningLists({
    sebi_debarred: listSource(required('SCREENING_SEBI_SOURCE')),
    un_consolidated: listSource(required('SCREENING_UN_SOURCE')),
    ...(pep && { pep: listSource(pep) }),
  });
}
