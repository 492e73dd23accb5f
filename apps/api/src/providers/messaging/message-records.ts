/**
 * Every message's record for the evidence: its channel, template, the gateway that took it, whether
 * it went (a failed one names no gateway: the failover tried each) and when; never its text or OTP. A message about an
 * application (OutgoingMessage.applicantId) is recorded under it; one without (the sign-up OTP) under
 * the recipient's keyed hash only, linked to the application when the applicant verifies the code.
 * The record follows the message and never fails it: a message that went out stays sent when its
 * record cannot be written (the database away a moment), so a retried call is not refused as a
 * resend too soon for a message the applicant has.
 */
import type { DatabaseRef } from '../../db/client.ts';
import type { Hasher } from '../../lib/crypto.ts';
import { messageRecordsRepository as repo } from './message-records.repository.ts';
import type { MessageSender, OutgoingMessage, Sent } from './port.ts';

const RECIPIENT = 'message-recipient';

export function withMessageRecords(
  sender: MessageSender,
  database: DatabaseRef,
  hasher: Hasher,
  now: () => number = Date.now,
): MessageSender {
  const record = (m: OutgoingMessage, gateway: string | null, outcome: 'sent' | 'failed') =>
    repo
      .add(database().db, {
        applicantId: m.applicantId ?? null,
        recipientHash: hasher.hash(RECIPIENT, m.to.toLowerCase()),
        channel: m.channel,
        template: m.template,
        gateway,
        outcome,
        at: new Date(now()),
      })
      .catch(() => undefined);
  return {
    async send(m): Promise<Sent> {
      let sent: Sent;
      try {
        sent = await sender.send(m);
      } catch (err) {
        await record(m, null, 'failed');
        throw err;
      }
      await record(m, sent.gateway, 'sent');
      return sent;
    },
    linkRecipient: (to, applicantId) => repo.link(database().db, hasher.hash(RECIPIENT, to.toLowerCase()), applicantId),
    ...(sender.observe && { observe: sender.observe.bind(sender) }),
  };
}
