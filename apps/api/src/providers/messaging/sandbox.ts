/**
 * The sandbox gateway: every SMS, WhatsApp message and email lands in the outbox (contract), an
 * email's attachments as name, type, size and SHA-256.
 */
import { createHash } from 'node:crypto';
import type { DatabaseRef } from '../../db/client.ts';
import { outboxRepository } from './outbox.repository.ts';
import { type MessageSender, type OutgoingMessage, type Sent, templateVars } from './port.ts';

export class SandboxMessageSender implements MessageSender {
  constructor(private readonly database: DatabaseRef) {}
  async send(m: OutgoingMessage): Promise<Sent> {
    // The template's variables are checked as the production gateway checks them (DLT: 40 characters).
    if (m.channel !== 'email') templateVars(m);
    await outboxRepository.insert(this.database().db, {
      channel: m.channel,
      recipient: m.to,
      body: m.subject ? `${m.subject}\n${m.text}` : m.text,
      otp: m.otp ?? null,
      // the sandbox's stand-in for MSG91, which carries SMS and WhatsApp
      provider: m.channel === 'email' ? null : 'msg91',
      attachments: (m.attachments ?? []).map((a) => ({
        filename: a.filename,
        content_type: a.contentType,
        size: a.content.length,
        sha256: createHash('sha256').update(a.content).digest('hex'),
      })),
    });
    return { gateway: m.channel === 'email' ? 'mail' : 'msg91' };
  }
}
