/**
 * Tells the applicant that stages were sent back, by SMS and email, in the applicant's language:
 * the SMS names the stages (a DLT template's variables hold 40 characters and no free text), the
 * email also gives each reason, the configured text translated and the reviewer's note as written.
 * A gateway failure does not undo the decision: it is recorded in the audit trail instead.
 */
import { decodeReason, describeReason } from '@ekyc/contracts/review-reasons';
import type { BackofficeDeps } from './deps.ts';
import { dltValue, type OutgoingMessage } from '../../providers/messaging/port.ts';
import { MESSAGE_TEXTS } from '../../providers/messaging/texts.ts';
import { auditRepository as repo } from './audit.repository.ts';
import { reasonsRepository } from '../../records/reasons.repository.ts';

export interface SentBack {
  stage: number;
  /** the stored reason, `[CODE] note` (review-reasons.ts) */
  reason: string;
}

export async function notifyRejection(
  deps: Pick<BackofficeDeps, 'database' | 'records' | 'messaging'>,
  applicantId: string,
  sentBack: readonly SentBack[],
): Promise<void> {
  const applicant = await deps.records.get(applicantId);
  const language = applicant.language ?? 'en';
  const texts = MESSAGE_TEXTS[language];
  const stageName = (stage: number) => texts.stages[stage] ?? MESSAGE_TEXTS.en.stages[stage] ?? String(stage);
  const stageNames = sentBack.map((s) => stageName(s.stage)).join(', ');
  // the variables of the language's DLT template, in that language
  const vars = { stages: dltValue(stageNames), count: String(sentBack.length) };
  const messages: OutgoingMessage[] = [
    {
      channel: 'sms',
      to: applicant.mobile,
      template: 'decision',
      text: texts.decision(stageNames),
      vars,
      language,
    },
  ];
  // each reason in the text of the version it was sent with (the reasons table)
  const described = await Promise.all(
    sentBack.map(async (s) => {
      const { code, version } = decodeReason(s.reason);
      const stored = code ? await reasonsRepository.version(deps.database.db, code, version) : undefined;
      return [stageName(s.stage), describeReason(s.reason, language, stored?.texts)].filter(Boolean).join(': ');
    }),
  );
  if (applicant.email)
    messages.push({
      channel: 'email',
      to: applicant.email,
      template: 'decision',
      subject: texts.decisionSubject,
      text: texts.decision(described.join('; ')),
      language,
    });
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
        after: { channel: message.channel, template: 'decision', reason: (err as Error).message.slice(0, 200) },
      });
    }
  }
}
