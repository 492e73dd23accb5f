/**
 * What the sandbox exchanges and KRA share: the checks a real service makes first (the six UCC
 * attributes present and real), the exchange's decision on a new UCC with the sandbox's known
 * outcomes, and what each route is given by the sandbox plugin.
 */
import type { FastifyInstance } from 'fastify';
import type { Tx } from '../../db/client.ts';
import { type SandboxRequestRow, sandboxRequestsRepository as repo } from './requests.repository.ts';

export const UCC_PAN_MISMATCH = 'PAN and name do not match the income-tax record';

export const PAN = /^[A-Z]{5}\d{4}[A-Z]$/;
export const MOBILE = /^[6-9]\d{9}$/;
export const EMAIL = /^[^@\s]+@[^@\s]+\.[^@\s]+$/;
export const PIN = /^[1-9]\d{5}$/;
const PLACEHOLDER_MOBILE = /^(\d)\1{9}$/;
export const PLACEHOLDER_EMAIL = /^notprovided@/i;

export const panDigits = (pan: string) => pan.slice(5, 9);

/** The sandbox's credentials and database, given to each provider's routes. */
export interface SandboxRegistrationContext {
  db: Tx;
  panHash: (pan: string) => string;
  credentials: {
    memberCode: string;
    apiKey: string;
    userName: string;
    password: string;
    posCode: string;
    passKey: string;
  };
  /** How long the sandbox KRA keeps an upload under process. */
  kraDelayMs: number;
}

export type SandboxRoutes = (app: FastifyInstance, ctx: SandboxRegistrationContext) => void;

/** The six UCC attributes (name, address with PIN, PAN, mobile, email, income) present and real. */
export function sixAttributesProblem(a: {
  name: string;
  address: string;
  pin: string;
  pan: string;
  mobile: string;
  email: string;
  income: string;
}): string | null {
  if (!a.name.trim()) return 'Client name is mandatory';
  if (!a.address.trim() || !PIN.test(a.pin)) return 'Address with a valid PIN code is mandatory';
  if (!PAN.test(a.pan)) return 'Invalid PAN';
  if (!MOBILE.test(a.mobile) || PLACEHOLDER_MOBILE.test(a.mobile)) return 'Invalid mobile number';
  if (!EMAIL.test(a.email) || PLACEHOLDER_EMAIL.test(a.email)) return 'Invalid email address';
  if (!a.income) return 'Gross annual income range is mandatory';
  return null;
}

/** The exchange's decision on a new UCC: 7777 is refused at its first upload, once. */
export async function uccDecision(
  ctx: SandboxRegistrationContext,
  provider: string,
  requestId: string,
  pan: string,
  problem: string | null,
): Promise<SandboxRequestRow> {
  const seen = await repo.find(ctx.db, provider, requestId);
  if (seen) return seen;
  const hash = ctx.panHash(pan);
  let outcome = 'accepted';
  let message: string | null = null;
  if (problem) [outcome, message] = ['rejected', problem];
  else if (panDigits(pan) === '7777' && (await repo.countOutcome(ctx.db, provider, hash, 'rejected')) === 0)
    [outcome, message] = ['rejected', UCC_PAN_MISMATCH];
  return repo.record(ctx.db, { provider, requestId, panHash: hash, reference: requestId, outcome, message });
}
