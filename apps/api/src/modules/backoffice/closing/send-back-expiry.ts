/**
 * A send-back the applicant leaves unanswered closes after SEND_BACK_EXPIRY_DAYS (as
 * Zerodha resets after 3 or 15 days), with reminders SEND_BACK_REMINDER_DAYS before. The clock
 * starts when the application was sent back (its standing's `since`), or at a supervisor's reopening
 * if later. Run by the hourly sweep in every process: each reminder is claimed by its row in
 * send_back_reminders before it is sent, and each expiry locks the applicant and reads the standing
 * again, so two processes never send or close twice.
 */
import { mayMove } from '@ekyc/contracts/lifecycle';
import { indianDay } from '@ekyc/contracts/regulation';
import type { BackofficeDeps } from '../deps.ts';
import { MESSAGE_TEXTS } from '../../../providers/messaging/texts.ts';
import { reasonsRepository } from '../../../records/reasons.repository.ts';
import { standingOrNotFound } from '../approval.ts';
import { endClaim } from '../claims.ts';
import { closeIn } from './close-application.ts';
import { expiryRepository as expiry } from './expiry.repository.ts';
import { notifyClosure, sendToApplicant } from './notify-closure.ts';

type Deps = Pick<BackofficeDeps, 'database' | 'records' | 'messaging' | 'config'>;

/** The reason an expiry is closed with (a closing reason of the reasons table). */
const EXPIRY_REASON = 'SEND_BACK_EXPIRED';
const DAY_MS = 86_400_000;
const PER_SWEEP = 500;

export class SendBackExpiry {
  constructor(private readonly deps: Deps) {}

  /** Reminders due, then expiries due, at `now`; how many applicants were told or closed. */
  async sweep(now: Date): Promise<number> {
    return (await this.remind(now)) + (await this.expire(now));
  }

  private async remind(now: Date): Promise<number> {
    const { deps } = this;
    const { sendBackExpiryDays: days, sendBackReminderDays: before } = deps.config.backoffice;
    let sent = 0;
    for (const daysLeft of [...before].sort((a, b) => a - b)) {
      const due = await expiry.sentBackBefore(
        deps.database.db,
        new Date(now.getTime() - (days - daysLeft) * DAY_MS),
        new Date(now.getTime() - days * DAY_MS),
        PER_SWEEP,
      );
      for (const row of due) {
        // the nearest reminder only: one already sent for fewer days left covers this one
        if (!(await expiry.claimReminder(deps.database.db, row.applicantId, row.clock, daysLeft))) continue;
        const closesOn = indianDay(new Date(row.clock.getTime() + days * DAY_MS));
        await sendToApplicant(deps, row.applicantId, 'send_back_reminder', (language) => ({
          text: MESSAGE_TEXTS[language].sendBackReminder(closesOn),
          subject: MESSAGE_TEXTS[language].sendBackReminderSubject,
          vars: { date: closesOn },
        }));
        sent++;
      }
    }
    return sent;
  }

  private async expire(now: Date): Promise<number> {
    const { deps } = this;
    const db = deps.database.db;
    const reason = await reasonsRepository.latest(db, EXPIRY_REASON);
    if (!reason) return 0;
    const cutoff = new Date(now.getTime() - deps.config.backoffice.sendBackExpiryDays * DAY_MS);
    let closed = 0;
    for (const row of await expiry.sentBackBefore(db, cutoff, null, PER_SWEEP)) {
      const done = await db.transaction(async (tx) => {
        await deps.records.lock(row.applicantId, tx);
        const standing = await standingOrNotFound(tx, row.applicantId);
        // the applicant resubmitted (or staff withdrew the send-back) since it was listed
        if (!mayMove(standing.status, 'expire')) return false;
        if (!(await expiry.stillDue(tx, row.applicantId, cutoff))) return false;
        await closeIn(deps, tx, row.applicantId, {
          kind: 'expired',
          code: EXPIRY_REASON,
          version: reason.version,
          by: null,
          from: standing.status,
        });
        return true;
      });
      if (!done) continue;
      closed++;
      await deps.records.notifyChanged(row.applicantId);
      await endClaim(deps, row.applicantId);
      await notifyClosure(deps, row.applicantId, reason.texts);
    }
    return closed;
  }
}
