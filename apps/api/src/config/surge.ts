/** Provider failover and the sign-up waiting room (docs/configuration.md, "Failover and the waiting room"). */
import { z } from 'zod';
import type { Mode } from './parse.ts';

export const surgeEnv = z.object({
  /** E-sign service providers in order of preference, e.g. "esign,esign-emudhra" (settings ESIGN_*, ESIGN_EMUDHRA_*). */
  ESIGN_VENDORS: z
    .string()
    .regex(/^esign(-[a-z0-9]+)*(,esign(-[a-z0-9]+)*)*$/, 'use esign or esign-<name>, comma-separated, in order')
    .optional(),
  /** Consecutive failed checks of a provider that open its circuit (it is skipped while open). */
  PROVIDER_BREAKER_FAILURES: z.coerce.number().int().min(1).max(100).default(3),
  /** Seconds an open circuit waits before one call tries the provider again. */
  PROVIDER_BREAKER_HALF_OPEN_SECONDS: z.coerce.number().int().min(1).max(3600).default(30),
  /** Sign-ups wait (503, Retry-After) while this process has more calls than this in progress; unset: no limit. */
  WAITING_ROOM_MAX_IN_FLIGHT: z.coerce.number().int().min(0).optional(),
  /** Sign-ups wait while the event loop's delay is above this (ms); 0: not watched. */
  WAITING_ROOM_MAX_EVENT_LOOP_DELAY_MS: z.coerce.number().int().min(0).max(60_000).default(0),
  /** The Retry-After a waiting sign-up is given (seconds). */
  WAITING_ROOM_RETRY_SECONDS: z.coerce.number().int().min(1).max(600).default(10),
});

export function surgeSettings(e: z.output<typeof surgeEnv>, mode: Mode) {
  return {
    /** Provider failover and the sign-up waiting room. */
    surge: {
      /** E-sign service providers, in the order they are tried. */
      esignVendors: e.ESIGN_VENDORS?.split(',') ?? (mode.sandbox ? ['esign', 'esign-alt'] : ['esign']),
      breaker: { failures: e.PROVIDER_BREAKER_FAILURES, halfOpenAfterMs: e.PROVIDER_BREAKER_HALF_OPEN_SECONDS * 1000 },
      waitingRoom: {
        maxInFlight: e.WAITING_ROOM_MAX_IN_FLIGHT,
        maxEventLoopDelayMs: e.WAITING_ROOM_MAX_EVENT_LOOP_DELAY_MS,
        retrySeconds: e.WAITING_ROOM_RETRY_SECONDS,
      },
    },
  };
}
