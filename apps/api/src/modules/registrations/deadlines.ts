/**
 * The deadline each registration must meet, from the approval (research §0): the KRA upload
 * within the working days the regulation in force that day gives (regulation.ts
 * kraUploadWorkingDays: three since NSE ISC69995, 3 Sep 2025); CKYC, which the KRA files, within
 * ten days of the account's start (PML Rules r.9(1A)); the registration documents to the client
 * within seven days (Investor Charter). The BO account and the UCC have no calendar deadline in
 * the rules (only "before the first order"); the broker's target is what the research found
 * brokers achieve (exchange UCC in 1–3 working days): the BO account by the next working day,
 * each UCC two working days from approval, so a stalled one is late and shown to an operator.
 */
import { indianDay, ruleSetOn } from '@ekyc/contracts/regulation';
import type { RegistrationKind } from '../../providers/registrations/port.ts';

const DAY = 24 * 60 * 60 * 1000;

/** Adds working days (Monday to Friday; exchange holidays are not known here). */
export function addWorkingDays(from: Date, days: number): Date {
  const d = new Date(from);
  let left = days;
  while (left > 0) {
    d.setTime(d.getTime() + DAY);
    const wd = d.getUTCDay();
    if (wd !== 0 && wd !== 6) left -= 1;
  }
  return d;
}

export const BO_WORKING_DAYS = 1;
export const UCC_WORKING_DAYS = 2;

export function deadlineOf(kind: RegistrationKind, approvedAt: Date): Date {
  if (kind === 'kra') return addWorkingDays(approvedAt, ruleSetOn(indianDay(approvedAt)).values.kraUploadWorkingDays);
  if (kind === 'ckyc') return new Date(approvedAt.getTime() + 10 * DAY);
  if (kind.startsWith('bo_')) return addWorkingDays(approvedAt, BO_WORKING_DAYS);
  return addWorkingDays(approvedAt, UCC_WORKING_DAYS);
}

/** A failed registration with no earlier deadline is due by the next working day (an operator's retry). */
export const failedDeadline = (failedAt: Date) => addWorkingDays(failedAt, 1);

export const DEADLINE_RULE: Record<RegistrationKind, string> = {
  ucc_nse: `Before the first order; target ${UCC_WORKING_DAYS} working days from approval`,
  ucc_bse: `Before the first order; target ${UCC_WORKING_DAYS} working days from approval`,
  ucc_mcx: `Before the first order; target ${UCC_WORKING_DAYS} working days from approval`,
  bo_cdsl: `Before the UCC (the UCC carries the BO id); target ${BO_WORKING_DAYS} working day from approval`,
  bo_nsdl: `Before the UCC (the UCC carries the BO id); target ${BO_WORKING_DAYS} working day from approval`,
  kra: 'Working days from approval set by the KYC rules in force (three since 3 Sep 2025)',
  ckyc: 'Ten days from the account start (filed by the KRA)',
};

export const documentsDeadline = (approvedAt: Date) => new Date(approvedAt.getTime() + 7 * DAY);
