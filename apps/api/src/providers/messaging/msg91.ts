/**
 * Production SMS and WhatsApp through MSG91 (TRAI DLT: the template id is registered, the OTP
 * fills its variable), and email through an HTTP mail API of the SendGrid v3 shape.
 */
import type { MessageSender, OutgoingMessage } from './port.ts';
import { fetchJson } from '../http.ts';

export interface Msg91Options {
  baseUrl: string;
  authKey: string;
  templates: Record<OutgoingMessage['template'], string>;
  sender: string;
  mailUrl: string;
  mailKey: string;
  mailFrom: string;
}

export class Msg91MessageSender implements MessageSender {
  constructor(private readonly o: Msg91Options) {}

  async send(m: OutgoingMessage): Promise<void> {
    if (m.channel === 'email') {
      await fetchJson(this.o.mailUrl, {
        method: 'POST',
        headers: { authorization: `Bearer ${this.o.mailKey}` },
        body: {
          personalizations: [{ to: [{ email: m.to }] }],
          from: { email: this.o.mailFrom },
          subject: m.subject ?? 'Your account opening',
          content: [{ type: 'text/plain', value: m.text }],
        },
      });
      return;
    }
    const template = this.o.templates[m.template];
    if (m.template === 'otp' && m.otp) {
      const url = `${this.o.baseUrl}/api/v5/otp?template_id=${encodeURIComponent(template)}&mobile=91${m.to}&otp=${m.otp}`;
      const reply = await fetchJson<{ type: string; message: string }>(url, {
        method: 'POST',
        headers: { authkey: this.o.authKey },
      });
      if (reply.type !== 'success') throw new Error(`MSG91: ${reply.message}`);
      return;
    }
    const path = m.channel === 'whatsapp' ? '/api/v5/whatsapp/whatsapp-outbound-message/' : '/api/v5/flow/';
    await fetchJson(`${this.o.baseUrl}${path}`, {
      method: 'POST',
      headers: { authkey: this.o.authKey },
      body: { template_id: template, sender: this.o.sender, recipients: [{ mobiles: `91${m.to}`, var: m.text }] },
    });
  }
}
