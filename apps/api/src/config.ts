/**
 * Configuration: the environment is parsed once here and the typed object is handed to everything.
 * Each area declares its variables as a Zod schema and maps them to its part of `Config` in its own
 * file under config/; the types come from those schemas and mappings, never written twice.
 */
import path from 'node:path';
import { z } from 'zod';
import { backofficeEnv, backofficeSettings } from './config/backoffice.ts';
import { evidenceEnv, evidenceSettings } from './config/evidence.ts';
import { journeyEnv, journeySettings } from './config/journey.ts';
import { operationsEnv, operationsSettings } from './config/operations.ts';
import { ConfigError, type Mode } from './config/parse.ts';
import { providersEnv, providersSettings } from './config/providers.ts';
import { registrationsEnv, registrationsSettings } from './config/registrations.ts';
import { securityEnv, securitySettings } from './config/security.ts';
import { serverEnv, serverSettings } from './config/server.ts';
import { surgeEnv, surgeSettings } from './config/surge.ts';

export { ConfigError } from './config/parse.ts';
export type { RedisDownMode, TracingConfig } from './config/operations.ts';
export type { SandboxFault } from './config/providers.ts';

/** Every setting the API reads, one schema per area (docs/configuration.md lists each). */
export const envSchema = z.object({
  ...serverEnv.shape,
  ...securityEnv.shape,
  ...backofficeEnv.shape,
  ...journeyEnv.shape,
  ...operationsEnv.shape,
  ...providersEnv.shape,
  ...registrationsEnv.shape,
  ...surgeEnv.shape,
  ...evidenceEnv.shape,
});

type ParsedEnv = z.output<typeof envSchema>;

/** A production start refuses sandbox providers, generated keys and test switches unless told it is staging. */
function refuseUnsafeStart(e: ParsedEnv, mode: Mode): void {
  if (mode.production && !e.EKYC_ALLOW_INSECURE) {
    const problems: string[] = [];
    if (mode.sandbox) problems.push('EKYC_PROVIDERS=sandbox (set EKYC_PROVIDERS=production)');
    if (!e.SECRET_KEY) problems.push('SECRET_KEY is missing');
    if (!e.ENCRYPTION_KEY) problems.push('ENCRYPTION_KEY is missing');
    if (!e.EVIDENCE_SIGNING_KEY)
      problems.push("EVIDENCE_SIGNING_KEY is missing (the evidence bundle's own signing key)");
    if (e.SANDBOX_FAULTS) problems.push('SANDBOX_FAULTS is set (a sandbox setting)');
    if (e.SANDBOX_PROVIDERS_URL) problems.push('SANDBOX_PROVIDERS_URL is set (a sandbox setting)');
    if (e.STAFF_MFA === 'optional') problems.push('STAFF_MFA=optional (staff sign-in needs a second factor)');
    if (!e.BROKER_NAME || !e.BROKER_SEBI_REGISTRATION || !e.BROKER_EXCHANGE_MEMBER_CODES || !e.BROKER_DP_ID)
      problems.push('BROKER_NAME, BROKER_SEBI_REGISTRATION, BROKER_EXCHANGE_MEMBER_CODES and BROKER_DP_ID are needed');
    if (problems.length)
      throw new ConfigError(
        `Refusing a production start:\n  ${problems.join('\n  ')}\nSet EKYC_ALLOW_INSECURE=true only for a staging system.`,
      );
  }
  if (e.STAFF_PASSWORD_SCRYPT_LOG_N < 15 && e.NODE_ENV !== 'test')
    throw new ConfigError('STAFF_PASSWORD_SCRYPT_LOG_N below 15 is for automated tests only (NODE_ENV=test).');
  if (mode.production && e.EKYC_TEST_FIXTURES)
    throw new ConfigError('Refusing a production start: EKYC_TEST_FIXTURES is for automated tests only.');
}

function settings(e: ParsedEnv, mode: Mode, source: Record<string, string | undefined>) {
  return {
    ...serverSettings(e, mode),
    ...securitySettings(e, mode),
    ...backofficeSettings(e, mode),
    ...journeySettings(e, mode),
    ...operationsSettings(e, mode),
    ...providersSettings(e, mode, source),
    ...registrationsSettings(e, mode),
    ...surgeSettings(e, mode),
    ...evidenceSettings(e, mode),
  };
}

/** A setting that may be unset is an optional property, as callers that build a partial config expect. */
type OptionalWhereUndefined<T> = { [K in keyof T as undefined extends T[K] ? K : never]?: T[K] } & {
  [K in keyof T as undefined extends T[K] ? never : K]: T[K];
};

export type Config = OptionalWhereUndefined<ReturnType<typeof settings>>;

export function loadConfig(source: Record<string, string | undefined> = process.env): Config {
  const parsed = envSchema.safeParse(source);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`).join('\n');
    throw new ConfigError(`Invalid configuration:\n${lines}`);
  }
  const e = parsed.data;
  const inMemory = e.DATA_DIR === 'memory://';
  const mode: Mode = {
    env: e.NODE_ENV,
    production: e.NODE_ENV === 'production',
    sandbox: e.EKYC_PROVIDERS === 'sandbox',
    host: e.HOST,
    dataDir: inMemory ? e.DATA_DIR : path.resolve(e.DATA_DIR),
    inMemory,
  };
  refuseUnsafeStart(e, mode);
  return settings(e, mode, source);
}
