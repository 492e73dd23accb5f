/**
 * Bringing applicants back: an applicant who has not moved on for REMINDER_AFTER_HOURS gets an SMS
 * naming the step they stopped at, with the link that resumes there (signing in leads to the
 * current stage), at most REMINDER_MAX times and only with the communication consent in force.
 * The reminder is recorded before it is sent, so two processes never send the same one; an SMS
 * that fails is not tried again for that reminder (the next one comes after as long again).
 */
import { BASE_PATH, isStageCode, STAGES } from '@ekyc/contracts/stages';
import type { RemindersDeps } from './deps.ts';
import { MESSAGE_TEXTS } from '../../providers/messaging/texts.ts';
import { remindersRepository as repo } from './reminders.repository.ts';

type Deps = Pick<RemindersDeps, 'database' | 'records' | 'messaging' | 'config'>;

const PER_RUN = 200;

/** Sends the reminders due at `now`; the number sent. */
export async function sendReminders(deps: Deps, now: Date): Promise<number> {
  const { afterHours, max } = deps.config.reminders;
  if (max === 0) return 0;
  const db = deps.database.db;
  const due = await repo.due(db, new Date(now.getTime() - afterHours * 3_600_000), max, PER_RUN);
  let sent = 0;
  for (const d of due) {
    if (!isStageCode(d.stage)) continue;
    if (!(await repo.record(db, d.applicantId, d.sent + 1, d.stage, now))) continue;
    const applicant = await deps.records.get(d.applicantId);
    const texts = MESSAGE_TEXTS[applicant.language] ?? MESSAGE_TEXTS.en;
    const step = texts.stages[d.stage] ?? STAGES[d.stage].name;
    const path = `${BASE_PATH.replace(/^\//, '')}${STAGES[d.stage].route}`.replace(/\/$/, '');
    const link = `${deps.config.publicUrl}/${path}`;
    try {
      await deps.messaging.send({
        channel: 'sms',
        to: applicant.mobile,
        template: 'reminder',
        text: texts.reminder(step, link),
        vars: { step, path },
        language: applicant.language,
        applicantId: d.applicantId,
      });
      sent += 1;
    } catch {
      // recorded all the same: a gateway refusing this number is not asked again until the next reminder is due
    }
  }
  return sent;
}
