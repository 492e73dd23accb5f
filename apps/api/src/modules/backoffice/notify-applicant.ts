/**
 * Tells the applicant of a decision by SMS and email. A gateway failure does not undo the
 * decision: it is recorded in the audit trail instead.
 */
import type { AppDeps } from '../../app-deps.ts';
import type { OutgoingMessage } from '../../providers/messaging/port.ts';
import { MESSAGE_TEXTS, stageNamesIn } from '../../providers/messaging/texts.ts';
import { backofficeRepository as repo } from './backoffice.repository.ts';

/** The message in the applicant's language: English as the caller wrote it, another language from its template's text. */
function inLanguage(
  language: OutgoingMessage['language'],
  template: 'decision' | 'activation',
  english: { text: string; subject: string },
  vars: Record<string, string>,
): { text: string; subject: string } {
  if (!language || language === 'en') return english;
  const t = MESSAGE_TEXTS[language];
  return template === 'decision'
    ? { text: t.decision(stageNamesIn(language, vars.stages ?? '')), subject: t.decisionSubject }
    : { text: t.activation(vars.date ?? '', vars.client_code ?? ''), subject: t.activationSubject };
}

export async function notifyApplicant(
  deps: Pick<AppDeps, 'database' | 'records' | 'messaging'>,
  applicantId: string,
  template: Extract<OutgoingMessage['template'], 'decision' | 'activation'>,
  text: string,
  subject: string,
  /** The SMS template's variables (each at most 40 characters); the email carries the whole text. */
  vars: Record<string, string>,
): Promise<void> {
  const applicant = await deps.records.get(applicantId);
  const { language } = applicant;
  const local = inLanguage(language, template, { text, subject }, vars);
  const messages: OutgoingMessage[] = [
    { channel: 'sms', to: applicant.mobile, template, text: local.text, vars, language },
  ];
  if (applicant.email) messages.push({ channel: 'email', to: applicant.email, template, ...local, language });
  for (const message of messages) {
    try {
      await deps.messaging.send(message);
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
