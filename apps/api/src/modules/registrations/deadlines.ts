/**
 * The deadline each registration must meet, from the approval (research §0): the KRA upload
 * within three working days (SEBI KYC master circular, as NSE enforces it, 3 Sep 2025); CKYC,
 * which the KRA files, within ten days of the account's start (PML Rules r.9(1A)); the UCC and
 * the BO account before the first trade (no calendar deadline, shown as such); the registration
 * documents to the client within seven days (Investor Charter).
 */
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

export function deadlineOf(kind: RegistrationKind, approvedAt: Date): Date | null {
  if (kind === 'kra') return addWorkingDays(approvedAt, 3);
  if (kind === 'ckyc') return new Date(approvedAt.getTime() + 10 * DAY);
  return null;
}

export const DEADLINE_RULE: Record<RegistrationKind, string> = {
  ucc_nse: 'Before the first order',
  ucc_bse: 'Before the first order',
  ucc_mcx: 'Before the first order',
  bo_cdsl: 'Before the UCC (the UCC carries the BO id)',
  bo_nsdl: 'Before the UCC (the UCC carries the BO id)',
  kra: 'Three working days from approval',
  ckyc: 'Ten days from the account start (filed by the KRA)',
};

export const documentsDeadline = (approvedAt: Date) => new Date(approvedAt.getTime() + 7 * DAY);
