/**
 * A second SMS gateway: Kaleyra's SMS API v1. `POST <base>/v1/<SID>/messages` with the header
 * `api-key` and a form `{to: 91…, sender, type: OTP|TXN, body, template_id}`; the body is the DLT
 * template's text as registered, with its variables filled in, and `template_id` the DLT template
 * id. It answers 202 `{id, totalCount, data: [{message_id, recipient}], error: {}}`, an error
 * `{code: "E4xx", message, error: {…}}` with a 4xx status. SMS only: WhatsApp and email stay
 * with the first gateway.
 */
import type { Language } from '@ekyc/contracts/constants';
import { z } from 'zod';
import { type FetchLike, fetchJson, ProviderError } from '../http.ts';
import { type MessageSender, type OutgoingMessage, type Sent, type TemplateName, templateVars } from './port.ts';

const kaleyraReplySchema = z.looseObject({
  id: z.string().nullable().optional(),
  data: z
    .array(z.looseObject({ message_id: z.string().nullable().optional() }))
    .nullable()
    .optional(),
  error: z.unknown().optional(),
  message: z.string().nullable().optional(),
});

export interface KaleyraOptions {
  baseUrl: string;
  sid: string;
  apiKey: string;
  /** The DLT-registered header (sender id). */
  sender: string;
  /** DLT template ids by template; a message without one is refused here and goes to the next gateway. */
  templates: Partial<Record<TemplateName, string>>;
  /** Each language's own DLT templates (registered with that language's text); English's when absent. */
  templatesByLanguage?: Partial<Record<Language, Partial<Record<TemplateName, string>>>>;
  /** The provider's name in metrics, limits and logs (SMS_VENDORS). */
  provider: string;
  fetch?: FetchLike;
}

const OTP_TEMPLATES: readonly TemplateName[] = ['otp', 'esign_otp'];

/** An error answer carries a non-empty `error` object; a success one an empty object or none. */
const hasError = (error: unknown) =>
  error !== undefined && error !== null && !(typeof error === 'object' && Object.keys(error).length === 0);

export class KaleyraSmsSender implements MessageSender {
  constructor(private readonly o: KaleyraOptions) {}

  async send(m: OutgoingMessage): Promise<Sent> {
    if (m.channel !== 'sms') throw new ProviderError(`Kaleyra sends SMS only, not ${m.channel}`);
    const template =
      (m.language && this.o.templatesByLanguage?.[m.language]?.[m.template]) || this.o.templates[m.template];
    if (!template)
      throw new ProviderError(
        `no Kaleyra DLT template is configured for ${m.template}`,
        undefined,
        undefined,
        'refused',
      );
    // the variables are checked as DLT checks them (40 characters each) before anything is sent
    templateVars(m);
    const raw = await fetchJson(`${this.o.baseUrl}/v1/${encodeURIComponent(this.o.sid)}/messages`, {
      method: 'POST',
      headers: { 'api-key': this.o.apiKey },
      form: {
        to: `91${m.to}`,
        sender: this.o.sender,
        type: OTP_TEMPLATES.includes(m.template) ? 'OTP' : 'TXN',
        body: m.text,
        template_id: template,
      },
      fetch: this.o.fetch,
      provider: this.o.provider,
    });
    const reply = kaleyraReplySchema.safeParse(raw);
    if (!reply.success || hasError(reply.data.error) || !reply.data.data?.length)
      throw new ProviderError(
        `Kaleyra refused the SMS: ${reply.success ? (reply.data.message ?? 'no message id') : 'unreadable answer'}`,
        undefined,
        undefined,
        'refused',
      );
    return { gateway: this.o.provider };
  }
}
