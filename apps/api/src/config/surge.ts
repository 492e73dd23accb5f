/** Provider failover and the sign-up waiting room (docs/configuration.md, "Failover and the waiting room"). */
import { z } from 'zod';
import type { Mode } from './parse.ts';

export const surgeEnv = z.object({
  /** E-sign service providers in order of preference, e.g. "esign,esign-emudhra" (settings ESIGN_*, ESIGN_EMUDHRA_*). */
  ESIGN_VENDORS: z
    .string()
    .regex(/^esign(-[a-z0-9]+)*(,esign(-[a-z0-9]+)*)*$/, 'use esign or esign-<name>, comma-separated, in order')
    .optional(),
  /** Penny-drop providers in order of preference: bank (Cashfree's API), bank-payu (PayU Payouts'), e.g. "bank,bank-payu". */
  BANK_VERIFICATION_VENDORS: z
    .string()
    .regex(/^(bank|bank-payu)(,(bank|bank-payu))*$/, 'use bank and bank-payu, comma-separated, in order')
    .optional(),
  /** SMS gateways in order of preference: msg91 (MSG91's API), kaleyra (Kaleyra's SMS API), e.g. "msg91,kaleyra". */
  SMS_VENDORS: z
    .string()
    .regex(/^(msg91|kaleyra)(,(msg91|kaleyra))*$/, 'use msg91 and kaleyra, comma-separated, in order')
    .optional(),
  /** Consecutive failed checks of a provider that open its circuit (it is skipped while open). */
  PROVIDER_BREAKER_FAILURES: z.coerce.number().int().min(1).max(100).default(3),
  /** Seconds an open circuit waits before one call tries the provider again. */
  PROVIDER_BREAKER_HALF_OPEN_SECONDS: z.coerce.number().int().min(1).max(3600).default(30),
  /** Seconds an applicant waiting in a provider's queue (every provider over budget) waits before the page asks again. */
  PROVIDER_QUEUE_RETRY_SECONDS: z.coerce.number().int().min(1).max(600).default(15),
  /** Seconds a place in a provider's queue is kept without the page asking about it (then given up). */
  PROVIDER_QUEUE_KEEP_SECONDS: z.coerce.number().int().min(10).max(3600).default(120),
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
      /** Penny-drop providers, in the order they are tried. */
      bankVerificationVendors:
        e.BANK_VERIFICATION_VENDORS?.split(',') ?? (mode.sandbox ? ['bank', 'bank-payu'] : ['bank']),
      /** SMS gateways, in the order they are tried (in the sandbox "msg91" is the outbox itself). */
      smsVendors: e.SMS_VENDORS?.split(',') ?? ['msg91'],
      breaker: { failures: e.PROVIDER_BREAKER_FAILURES, halfOpenAfterMs: e.PROVIDER_BREAKER_HALF_OPEN_SECONDS * 1000 },
      /** The queue of applicants waiting while every provider of a service is over budget. */
      queue: { retrySeconds: e.PROVIDER_QUEUE_RETRY_SECONDS, keepSeconds: e.PROVIDER_QUEUE_KEEP_SECONDS },
      waitingRoom: {
        maxInFlight: e.WAITING_ROOM_MAX_IN_FLIGHT,
        maxEventLoopDelayMs: e.WAITING_ROOM_MAX_EVENT_LOOP_DELAY_MS,
        retrySeconds: e.WAITING_ROOM_RETRY_SECONDS,
      },
    },
  };
}
