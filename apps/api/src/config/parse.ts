/** Building blocks shared by the settings of every area, and the error a bad setting raises. */
import { z } from 'zod';

export class ConfigError extends Error {}

export const bool = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((v) => v === 'true' || v === '1' || v === 'yes');

export const key32 = z
  .string()
  .refine((v) => Buffer.from(v, 'base64').length === 32, 'must be 32 bytes, base64-encoded');

/** A comma-separated list, trimmed, empty entries and repeats dropped. */
export const commaList = (raw: string) => [
  ...new Set(
    raw
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean),
  ),
];

/** "a=1,b=2" (or with another separator) as [name, value] pairs. */
export const pairs = (list: string, sep: string) =>
  list
    .split(',')
    .filter(Boolean)
    .map((p) => [p.slice(0, p.indexOf(sep)), p.slice(p.indexOf(sep) + 1)] as const);

/** What every area's settings may depend on besides their own variables. */
export interface Mode {
  env: 'development' | 'production' | 'test';
  production: boolean;
  /** EKYC_PROVIDERS=sandbox: several defaults differ (MFA optional, no four eyes, a faster poll). */
  sandbox: boolean;
  host: string;
  dataDir: string;
  inMemory: boolean;
}
