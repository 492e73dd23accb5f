/** What the screening module uses of the app: each use-case takes the part it names (`Pick<ScreeningModuleDeps, ...>`). */
import type { Config } from '../../config.ts';
import type { Database } from '../../db/client.ts';
import type { Hasher } from '../../lib/crypto.ts';
import type { ScreeningLists } from '../../providers/screening/port.ts';

export interface ScreeningModuleDeps {
  config: Config;
  database: Database;
  hasher: Hasher;
  screeningLists: ScreeningLists;
  /** The clock (milliseconds), replaceable in tests. */
  now: () => number;
}
