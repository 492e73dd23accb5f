/**
 * Each penny drop and each UPI collect request costs money and reaches a real bank, so an
 * applicant gets a few a day; after that the document route (cancelled cheque) remains.
 */
import type { AppDeps } from '../../app-deps.ts';
import type { SectionReader } from '../../records/applicant-records.ts';

export const BANK_ATTEMPTS_PER_DAY = 5;

interface Attempts {
  day: string;
  count: number;
}

/**
 * Counts one attempt; false when today's allowance is used up. `section` is a reader that already
 * holds _bank_attempts (read with the call's stage check); without it the count is read here.
 */
export async function takeBankAttempt(deps: AppDeps, applicantId: string, section?: SectionReader): Promise<boolean> {
  const day = new Date().toISOString().slice(0, 10);
  const stored = section
    ? section<Attempts>('_bank_attempts')
    : await deps.records.getSection<Attempts>(applicantId, '_bank_attempts');
  const count = stored?.day === day ? stored.count : 0;
  if (count >= BANK_ATTEMPTS_PER_DAY) return false;
  await deps.records.save(applicantId, { _bank_attempts: { day, count: count + 1 } });
  return true;
}
