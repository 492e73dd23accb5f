/** Providers: sandbox or production, call timeouts and limits, the sandbox's faults, the MNRL reload, the screening lists' import. */
import { z } from 'zod';
import { parseProviderLimits } from '../providers/limits.ts';
import { bool, pairs, type Mode } from './parse.ts';

export const providersEnv = z.object({
  EKYC_PROVIDERS: z.enum(['sandbox', 'production']).default('sandbox'),
  /** Every outside provider call gives up after this long, unless PROVIDER_TIMEOUTS says otherwise. */
  PROVIDER_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(5000),
  /** Per-provider timeouts, e.g. "pan=3000,digilocker=8000" (names as in the provider metrics). */
  PROVIDER_TIMEOUTS: z
    .string()
    .regex(/^([a-z0-9-]+=\d+)?(,[a-z0-9-]+=\d+)*$/, 'use name=milliseconds, comma-separated')
    .default(''),
  /** Per-provider rate (per process) and daily budget (shared through Redis), e.g. "msg91=50/s:200000/d,pan=20/s". */
  PROVIDER_LIMITS: z
    .string()
    .regex(
      /^([a-z0-9-]+=\d+\/[sd](:\d+\/[sd])?)?(,[a-z0-9-]+=\d+\/[sd](:\d+\/[sd])?)*$/,
      'use name=N/s, name=N/d or name=N/s:M/d, comma-separated',
    )
    .default(''),
  /** Switch off the sandbox's simulated heavy work (OCR, face check) for journey benchmarks. */
  SANDBOX_SKIP_HEAVY_CHECKS: bool.default(false),
  /** Sandbox only: make sandbox providers slow, failing or unreachable, e.g. "pan:timeout,kra:500,bank:half". */
  SANDBOX_FAULTS: z
    .string()
    .regex(
      /^([a-z0-9-]+:(timeout|500|half|unreachable|slow(=\d+)?))?(,[a-z0-9-]+:(timeout|500|half|unreachable|slow(=\d+)?))*$/,
      'use provider:timeout|500|half|unreachable|slow[=ms], comma-separated',
    )
    .default(''),
  /**
   * Sandbox only: the sandbox providers' own process (another process of this app, serving
   * /sandbox/), which this one's provider calls go to over HTTP, as they would to the real services;
   * unset, they are answered in this process.
   */
  SANDBOX_PROVIDERS_URL: z.url({ protocol: /^https?$/ }).optional(),
  /** The MNRL list is read again after this many minutes (a new download is taken up without a restart). */
  MNRL_RELOAD_MINUTES: z.coerce.number().int().min(1).max(1440).default(60),
  /** The screening lists are imported again when their last import is older than this (hours). */
  SCREENING_IMPORT_HOURS: z.coerce.number().int().min(1).max(168).default(24),
});

/** `half`: every other call answers 500 (the first, the third, ...): a provider failing half its calls. */
export type SandboxFault = { kind: 'timeout' | '500' | 'half' | 'unreachable' } | { kind: 'slow'; ms: number };

function parseFaults(list: string): Record<string, SandboxFault> {
  const faults: Record<string, SandboxFault> = {};
  for (const [name, f] of pairs(list, ':'))
    faults[name] = f.startsWith('slow')
      ? { kind: 'slow', ms: Number(f.split('=')[1] ?? 3000) }
      : { kind: f as 'timeout' | '500' | 'half' | 'unreachable' };
  return faults;
}

/**
 * `source` is the whole environment: provider credentials and base URLs (MSG91_*, PAN_*,
 * DIGILOCKER_*, ...) are read by each production adapter's factory from this one snapshot.
 */
export function providersSettings(
  e: z.output<typeof providersEnv>,
  mode: Mode,
  source: Record<string, string | undefined>,
) {
  return {
    providers: e.EKYC_PROVIDERS,
    sandbox: mode.sandbox,
    sandboxSkipHeavyChecks: e.SANDBOX_SKIP_HEAVY_CHECKS,
    /** Per-provider limits: calls a second (per process) and a day (across processes). */
    providerLimits: parseProviderLimits(e.PROVIDER_LIMITS),
    /** Timeouts of outside provider calls: a default and per provider (milliseconds). */
    providerTimeouts: {
      defaultMs: e.PROVIDER_TIMEOUT_MS,
      byProvider: Object.fromEntries(pairs(e.PROVIDER_TIMEOUTS, '=').map(([n, ms]) => [n, Number(ms)])),
    },
    /** Sandbox faults per provider (empty outside sandbox mode). */
    sandboxFaults: mode.sandbox ? parseFaults(e.SANDBOX_FAULTS) : {},
    /** Where the sandbox providers answer: another process of this app, or (unset) this one. */
    sandboxProvidersUrl: mode.sandbox ? e.SANDBOX_PROVIDERS_URL?.replace(/\/$/, '') : undefined,
    providerEnv: Object.freeze({ ...source }) as Readonly<Record<string, string | undefined>>,
    /** How often the MNRL file is read again (MNRL_RELOAD_MINUTES; its source is MNRL_SOURCE). */
    mnrlReloadMinutes: e.MNRL_RELOAD_MINUTES,
    /** How old a screening list's import may be before the hourly sweep imports it again (SCREENING_IMPORT_HOURS). */
    screeningImportHours: e.SCREENING_IMPORT_HOURS,
  };
}
