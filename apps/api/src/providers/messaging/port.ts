/** Sends SMS, WhatsApp and email. The OTP, when a message carries one, is passed apart from the text. */
export type Channel = 'sms' | 'whatsapp' | 'email';

export interface OutgoingMessage {
  channel: Channel;
  /** A 10-digit mobile or an email address. */
  to: string;
  /** DLT template name: the production adapter maps it to a registered template id. */
  template: 'otp' | 'decision' | 'esign_otp' | 'activation';
  text: string;
  otp?: string;
  subject?: string;
}

export interface MessageSender {
  send(message: OutgoingMessage): Promise<void>;
}
