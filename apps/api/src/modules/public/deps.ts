/** What the public module uses of the app: each use-case takes the part it names (`Pick<PublicDeps, ...>`). */
import type { Config } from '../../config.ts';

export interface PublicDeps {
  config: Config;
}
