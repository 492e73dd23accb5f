/**
 * Each penny drop and each UPI collect request costs money and reaches a real bank, so an
 * applicant gets a few a day; after that the document route (cancelled cheque) remains.
 */
import type { BankDeps } from './deps.ts';
import { bankAttemptsRepository } from '../../records/bank-attempts.repository.ts';

type Deps = Pick<BankDeps, 'database' | 'now'>;

export const BANK_ATTEMPTS_PER_DAY = 5;

/** Counts one attempt; false when today's allowance is used up (calls at once share it exactly). */
export function takeBankAttempt(deps: Deps, applicantId: string): Promise<boolean> {
  return bankAttemptsRepository.take(deps.database.db, applicantId, dayOf(deps), BANK_ATTEMPTS_PER_DAY);
}

/** Gives back the attempt just taken: it never reached a bank (the applicant waits in the queue). */
export function giveBackBankAttempt(deps: Deps, applicantId: string): Promise<void> {
  return bankAttemptsRepository.giveBack(deps.database.db, applicantId, dayOf(deps));
}

const dayOf = (deps: Deps) => new Date(deps.now()).toISOString().slice(0, 10);
