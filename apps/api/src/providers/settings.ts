/** Provider credentials and URLs, from the configuration's one snapshot of the environment. */
import { type Config, ConfigError } from '../config.ts';

/** A reader of required provider settings: a missing one stops a production start with its name. */
export function requiredSetting(config: Pick<Config, 'providerEnv'>) {
  return (name: string): string => {
    const value = config.providerEnv[name];
    if (!value) throw new ConfigError(`${name} is required with EKYC_PROVIDERS=production`);
    return value;
  };
}
