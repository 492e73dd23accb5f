/** Provider credentials and URLs, from the configuration's one snapshot of the environment. */
import type { X509Certificate } from 'node:crypto';
import { type Config, ConfigError } from '../config.ts';
import { certificateOf, splitPemBundle } from '../documents/signing/certificate-chain.ts';

/**
 * While the providers are built at start (collectProviderSettings), a missing or invalid setting
 * is noted and building goes on, so that a production start reports every one of them at once.
 * Outside it (a factory called on its own) the first missing setting throws.
 */
let collecting: string[] | null = null;

const note = (line: string) => {
  if (!collecting) throw new ConfigError(line);
  if (!collecting.includes(line)) collecting.push(line);
};

/** A reader of required provider settings: a missing one stops a production start with its name. */
export function requiredSetting(config: Pick<Config, 'providerEnv'>) {
  return (name: string): string => {
    const value = config.providerEnv[name];
    if (!value) note(`${name} is required with EKYC_PROVIDERS=production`);
    return value ?? '';
  };
}

/** Notes a setting that is present but unusable: `what` says what it needs. */
export function invalidSetting(name: string, what: string): void {
  note(`${name} ${what}`);
}

/**
 * Builds the providers, collecting every missing or invalid setting; throws one ConfigError
 * with a line per setting when there are any.
 */
export function collectProviderSettings<T>(build: (guard: <P>(make: () => P) => P) => T): T {
  const problems: string[] = [];
  const previous = collecting;
  collecting = problems;
  try {
    const guard = <P>(make: () => P): P => {
      const before = problems.length;
      try {
        return make();
      } catch (err) {
        // a consequence of a setting already noted, or a problem of its own
        if (problems.length === before) problems.push(err instanceof Error ? err.message : String(err));
        return undefined as P;
      }
    };
    const built = build(guard);
    if (problems.length)
      throw new ConfigError(
        `Provider settings missing or invalid (EKYC_PROVIDERS=production):\n  ${problems.join('\n  ')}`,
      );
    return built;
  } finally {
    collecting = previous;
  }
}

/** PEM text from an environment variable (newlines may arrive escaped as \n). */
export const pemSetting = (value: string) => value.replace(/\\n/g, '\n').trim();

/** Parses a setting holding PEM certificates; notes it as invalid when it holds none or a bad one. */
export function certificatesSetting(name: string, value: string | undefined): X509Certificate[] {
  if (!value) return [];
  try {
    const pems = splitPemBundle(value);
    if (pems.length === 0) throw new Error('no certificate');
    return pems.map(certificateOf);
  } catch {
    invalidSetting(name, 'must hold PEM certificates (-----BEGIN CERTIFICATE-----)');
    return [];
  }
}
