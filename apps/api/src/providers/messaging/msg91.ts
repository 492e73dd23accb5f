/**
 * Production SMS and WhatsApp through MSG91, email through an HTTP mail API of the SendGrid v3 shape.
 * - SMS OTP: SendOTP v5, `POST /api/v5/otp?template_id=&mobile=91…&otp=` (header authkey) → `{type}`.
 * - Other SMS: Flow v5, `POST /api/v5/flow/` `{template_id, short_url: "0", recipients: [{mobiles,
 *   <var>: value…}]}` → `{type: "success"|"error", message}`; each variable at most 40 characters
 *   (TRAI DLT), the fixed text registered with the template. Into an English (GSM-7) template the
 *   variables go transliterated to GSM-7 and cut at 40 septets (gsm.ts).
 * - WhatsApp: `POST /api/v5/whatsapp/whatsapp-outbound-message/bulk/` with the integrated number and
 *   an approved template (`body_1…` components; an authentication template's copy-code button
 *   carries the OTP too) → `{status: "success"|"fail", hasError, errors}`.
 * Every answer is checked: an error answer is reported (thrown), a network failure or a 5xx is
 * tried once more.
 */
import { LANGUAGE_TAGS, type Language } from '@ekyc/contracts/constants';
import { type FetchLike, fetchJson, ProviderError } from '../http.ts';
import { gsmDltValue } from './gsm.ts';
import {
  DLT_VAR_MAX,
  type MessageSender,
  type OutgoingMessage,
  type Sent,
  type TemplateName,
  templateVars,
} from './port.ts';

export interface Msg91Options {
  baseUrl: string;
  authKey: string;
  /** SMS templates (the e-mail-only staff invitation has none). */
  templates: Record<Exclude<TemplateName, 'staff_invitation'>, string> & Partial<Record<TemplateName, string>>;
  /** Each language's own DLT templates (registered with that language's text); English's when absent. */
  templatesByLanguage?: Partial<Record<Language, Partial<Record<TemplateName, string>>>>;
  sender: string;
  whatsapp: {
    /** The WhatsApp number integrated in MSG91, digits with country code. */
    number: string;
    /** Approved WhatsApp template names; OTP at least. */
    templates: Partial<Record<TemplateName, string>>;
    /** Approved templates in another language, used with that language's code. */
    templatesByLanguage?: Partial<Record<Language, Partial<Record<TemplateName, string>>>>;
    namespace: string | null;
    language: string;
  };
  mailUrl: string;
  mailKey: string;
  mailFrom: string;
  /** The SMS calls' name in metrics, limits and logs (SMS_VENDORS); the host's when absent. */
  provider?: string;
  fetch?: FetchLike;
}

/** Tries once more after a network failure or a 5xx; a provider's refusal is final. */
async function withRetry<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (err) {
    if (err instanceof ProviderError && err.status !== undefined && err.status < 500) throw err;
    return call();
  }
}

/** WhatsApp's template language codes are the languages' BCP 47 tags. */
const WHATSAPP_LANGUAGE = LANGUAGE_TAGS;

export class Msg91MessageSender implements MessageSender {
  constructor(private readonly o: Msg91Options) {}

  async send(m: OutgoingMessage): Promise<Sent> {
    if (m.channel === 'email') {
      await this.email(m);
      return { gateway: 'mail' };
    }
    const gateway = { gateway: this.o.provider ?? 'msg91' };
    if (m.channel === 'whatsapp') {
      await this.whatsapp(m);
      return gateway;
    }
    const own = m.language && this.o.templatesByLanguage?.[m.language]?.[m.template];
    const template = own || this.o.templates[m.template];
    if (!template) throw new Error(`no SMS template is registered for ${m.template}`);
    // the English template is registered as GSM-7 text: a variable outside that alphabet (a stage
    // name in Devanagari, a curly quote) would turn the SMS into UCS-2 and fail the DLT match
    const vars = own
      ? templateVars(m)
      : Object.fromEntries(Object.entries(templateVars(m)).map(([k, v]) => [k, gsmDltValue(v, DLT_VAR_MAX)]));
    if (m.template === 'otp' || m.template === 'esign_otp') {
      const url = `${this.o.baseUrl}/api/v5/otp?template_id=${encodeURIComponent(template)}&mobile=91${m.to}&otp=${encodeURIComponent(vars.otp!)}`;
      const reply = await withRetry(() =>
        fetchJson<{ type?: string; message?: string }>(url, {
          method: 'POST',
          headers: { authkey: this.o.authKey },
          fetch: this.o.fetch,
          provider: this.o.provider,
        }),
      );
      if (reply?.type !== 'success') throw new ProviderError(`MSG91 OTP refused: ${reply?.message ?? 'no answer'}`);
      return gateway;
    }
    const reply = await withRetry(() =>
      fetchJson<{ type?: string; message?: string }>(`${this.o.baseUrl}/api/v5/flow/`, {
        method: 'POST',
        headers: { authkey: this.o.authKey },
        body: { template_id: template, short_url: '0', recipients: [{ mobiles: `91${m.to}`, ...vars }] },
        fetch: this.o.fetch,
        provider: this.o.provider,
      }),
    );
    if (reply?.type !== 'success') throw new ProviderError(`MSG91 flow refused: ${reply?.message ?? 'no answer'}`);
    return gateway;
  }

  private async whatsapp(m: OutgoingMessage): Promise<void> {
    const own = m.language && this.o.whatsapp.templatesByLanguage?.[m.language]?.[m.template];
    const name = own || this.o.whatsapp.templates[m.template];
    const languageCode = own && m.language ? WHATSAPP_LANGUAGE[m.language] : this.o.whatsapp.language;
    if (!name) throw new ProviderError(`no WhatsApp template is configured for ${m.template}`);
    const vars = Object.values(templateVars(m));
    const components: Record<string, { type: string; value: string; subtype?: string }> = {};
    vars.forEach((value, i) => (components[`body_${i + 1}`] = { type: 'text', value }));
    // WhatsApp authentication templates carry the code in their copy-code button as well.
    if (m.otp) components.button_1 = { subtype: 'url', type: 'text', value: m.otp };
    const reply = await withRetry(() =>
      fetchJson<{ status?: string; hasError?: boolean; errors?: unknown }>(
        `${this.o.baseUrl}/api/v5/whatsapp/whatsapp-outbound-message/bulk/`,
        {
          method: 'POST',
          headers: { authkey: this.o.authKey },
          body: {
            integrated_number: this.o.whatsapp.number,
            content_type: 'template',
            payload: {
              messaging_product: 'whatsapp',
              type: 'template',
              template: {
                name,
                language: { code: languageCode, policy: 'deterministic' },
                ...(this.o.whatsapp.namespace && { namespace: this.o.whatsapp.namespace }),
                to_and_components: [{ to: [`91${m.to}`], components }],
              },
            },
          },
          fetch: this.o.fetch,
        },
      ),
    );
    if (reply?.status !== 'success' || reply.hasError)
      throw new ProviderError(`MSG91 WhatsApp refused: ${JSON.stringify(reply?.errors ?? reply?.status ?? null)}`);
  }

  private async email(m: OutgoingMessage): Promise<void> {
    await withRetry(() =>
      fetchJson(this.o.mailUrl, {
        method: 'POST',
        headers: { authorization: `Bearer ${this.o.mailKey}` },
        body: {
          personalizations: [{ to: [{ email: m.to }] }],
          from: { email: this.o.mailFrom },
          subject: m.subject ?? 'Your account opening',
          content: [{ type: 'text/plain', value: m.text }],
          ...(m.attachments?.length && {
            attachments: m.attachments.map((a) => ({
              content: a.content.toString('base64'),
              type: a.contentType,
              filename: a.filename,
              disposition: 'attachment',
            })),
          }),
        },
        fetch: this.o.fetch,
      }),
    );
  }
}
