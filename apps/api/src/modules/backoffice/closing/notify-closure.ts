/**
 * Tells the applicant their application was closed, by SMS (a fixed DLT template, no variables)
 * and email (with the reason in their language). A gateway failure does not undo the closure: it
 * is recorded in the audit trail instead.
 */
import type { Language } from '@ekyc/contracts/constants';
import type { BackofficeDeps } from '../deps.ts';
import { type OutgoingMessage } from '../../../providers/messaging/port.ts';
import { MESSAGE_TEXTS } from '../../../providers/messaging/texts.ts';
import { auditRepository as repo } from '../audit.repository.ts';

export async function sendToApplicant(
  deps: Pick<BackofficeDeps, 'database' | 'records' | 'messaging'>,
  applicantId: string,
  template: 'closure' | 'send_back_reminder' | 'segments_pending' | 'document_request',
  build: (language: Language) => { text: string; subject: string; vars: Record<string, string> },
): Promise<void> {
  const applicant = await deps.records.get(applicantId);
  const language = applicant.language ?? 'en';
  const { text, subject, vars } = build(language);
  const messages: OutgoingMessage[] = [{ channel: 'sms', to: applicant.mobile, template, text, vars, language }];
  if (applicant.email) messages.push({ channel: 'email', to: applicant.email, template, subject, text, language });
  for (const message of messages) {
    try {
      await deps.messaging.send({ ...message, applicantId });
    } catch (err) {
      await repo.appendAudit(deps.database.db, {
        chain: applicantId,
        applicantId,
        actorKind: 'system',
        actorId: null,
        action: 'notify.failed',
        after: { channel: message.channel, template, reason: (err as Error).message.slice(0, 200) },
      });
    }
  }
}

export const notifyClosure = (
  deps: Pick<BackofficeDeps, 'database' | 'records' | 'messaging'>,
  applicantId: string,
  reason: Record<Language, string>,
) =>
  sendToApplicant(deps, applicantId, 'closure', (language) => ({
    text: MESSAGE_TEXTS[language].closure(reason[language]),
    subject: MESSAGE_TEXTS[language].closureSubject,
    vars: {},
  }));
