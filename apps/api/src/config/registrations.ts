/** The broker's registrations and documents, and the registrations after approval (docs/registrations.md). */
import { existsSync } from 'node:fs';
import path from 'node:path';
import type { BrokerRegistrations } from '@ekyc/contracts/calls/broker-documents';
import { z } from 'zod';
import { bool, pairs, type Mode } from './parse.ts';

export const registrationsEnv = z.object({
  /** The broker's depository, where the BO account of an approved client is opened. */
  REGISTRATIONS_DEPOSITORY: z.enum(['CDSL', 'NSDL']).default('CDSL'),
  /** The versioned code tables of the registrations (a JSON file; the bundled one by default). */
  REGISTRATIONS_CODE_TABLES: z.string().optional(),
  /** Seconds between two checks of a submitted registration; also the first retry delay (then doubling). */
  REGISTRATIONS_POLL_SECONDS: z.coerce.number().int().min(1).max(3600).optional(),
  /** Attempts of one step on transient faults (provider down, timeout) before it waits for an operator. */
  REGISTRATIONS_RETRY_LIMIT: z.coerce.number().int().min(0).max(50).default(8),
  /**
   * How long a worker holds one registration's step (longer than a step takes: its provider calls'
   * timeouts). A worker that dies holds it this long at most; the next worker then picks it up.
   */
  REGISTRATIONS_LEASE_SECONDS: z.coerce.number().int().min(2).max(3600).default(60),
  /** Run the registration workers in this process (off for API-only processes). */
  REGISTRATIONS_WORKER: bool.default(true),
  /**
   * MCX publishes no UCC layout, so the MCX registrar's format is unverified: with production
   * providers it sends nothing (the registration waits on hold for a manual registration) unless
   * the operator sets this, knowingly, after confirming the layout with MCX.
   */
  REGISTRATIONS_MCX_UNVERIFIED: bool.default(false),
  /** Sandbox: how long the sandbox KRA keeps an upload under process (001) before validating it. */
  REGISTRATIONS_SANDBOX_DELAY_MS: z.coerce.number().int().min(0).max(60_000).default(1500),
  /**
   * The broker's own documents of the welcome kit (PDFs named as docs/registrations.md lists them);
   * a document without its file here is the one the platform ships.
   */
  WELCOME_KIT_DIR: z
    .string()
    .optional()
    .refine((d) => !d || existsSync(d), 'WELCOME_KIT_DIR: no such folder'),
  /** The broker's name and registrations, printed in the footer of public pages, on the form and in every email. */
  BROKER_NAME: z.string().min(2).max(120).optional(),
  /** SEBI registration number of the stock broker (INZ followed by 9 digits). */
  BROKER_SEBI_REGISTRATION: z
    .string()
    .regex(/^INZ\d{9}$/, 'BROKER_SEBI_REGISTRATION: INZ followed by 9 digits')
    .optional(),
  /** Exchange member codes, e.g. NSE=90210,BSE=6543. */
  BROKER_EXCHANGE_MEMBER_CODES: z
    .string()
    .regex(
      /^[A-Z]{2,6}=[A-Za-z0-9]{1,12}(,[A-Z]{2,6}=[A-Za-z0-9]{1,12})*$/,
      'BROKER_EXCHANGE_MEMBER_CODES: EXCHANGE=code,...',
    )
    .optional(),
  /** The depository participant id (CDSL: 8 digits; NSDL: IN and 6 digits). */
  BROKER_DP_ID: z
    .string()
    .regex(/^(\d{8}|IN\d{6})$/, 'BROKER_DP_ID: 8 digits (CDSL) or IN and 6 digits (NSDL)')
    .optional(),
});

type RegistrationsEnv = z.output<typeof registrationsEnv>;

/** The broker's registrations as configured, or the platform's samples (marked as such) where not. */
function brokerRegistrations(e: RegistrationsEnv): BrokerRegistrations {
  const configured = Boolean(e.BROKER_SEBI_REGISTRATION && e.BROKER_EXCHANGE_MEMBER_CODES && e.BROKER_DP_ID);
  return {
    broker_name: e.BROKER_NAME ?? 'Sample Broking Private Limited',
    sebi_registration: e.BROKER_SEBI_REGISTRATION ?? 'INZ000000000',
    exchange_member_codes: pairs(e.BROKER_EXCHANGE_MEMBER_CODES ?? 'NSE=00000,BSE=0000', '=').map(
      ([exchange, code]) => ({ exchange, code }),
    ),
    dp_id: e.BROKER_DP_ID ?? '12000000',
    sample: !configured,
  };
}

export function registrationsSettings(e: RegistrationsEnv, mode: Mode) {
  return {
    /** The broker's documents of the welcome kit (WELCOME_KIT_DIR). */
    ...(e.WELCOME_KIT_DIR && { welcomeKitDir: path.resolve(e.WELCOME_KIT_DIR) }),
    /** The broker's registrations (BROKER_*): the platform's SAMPLE values, marked so, until configured. */
    broker: brokerRegistrations(e),
    /** The registrations after approval (docs/registrations.md). */
    registrations: {
      depository: e.REGISTRATIONS_DEPOSITORY,
      codeTablesFile: e.REGISTRATIONS_CODE_TABLES,
      pollSeconds: e.REGISTRATIONS_POLL_SECONDS ?? (mode.sandbox ? 1 : 300),
      retryLimit: e.REGISTRATIONS_RETRY_LIMIT,
      leaseSeconds: e.REGISTRATIONS_LEASE_SECONDS,
      worker: e.REGISTRATIONS_WORKER,
      sandboxDelayMs: e.REGISTRATIONS_SANDBOX_DELAY_MS,
      /** Send MCX UCCs in the unverified layout with production providers (REGISTRATIONS_MCX_UNVERIFIED). */
      mcxUnverified: e.REGISTRATIONS_MCX_UNVERIFIED,
    },
  };
}
