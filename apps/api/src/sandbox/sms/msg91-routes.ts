/**
 * The sandbox MSG91, in MSG91's wire format (PROVIDERS.md), parsed here with its own schemas:
 * - SendOTP v5: `POST /sandbox/msg91/api/v5/otp?template_id=&mobile=91…&otp=` → `{type, request_id}`;
 * - Flow v5: `POST /sandbox/msg91/api/v5/flow/` `{template_id, short_url, recipients: [{mobiles, <var>…}]}`
 *   → `{type: "success", message: <request id>}`;
 * - WhatsApp: `POST /sandbox/msg91/api/v5/whatsapp/whatsapp-outbound-message/bulk/` with an approved
 *   template and `body_1…` components → `{status: "success", hasError: false, data}`.
 * Every call needs the `authkey` header of the sandbox account (401 `{type: "error", message:
 * "Authentication failure"}` otherwise); a template the account has not registered, a variable
 * missing or over DLT's 40 characters is refused with 400 `{type: "error", message}` (WhatsApp:
 * `{status: "fail", hasError: true, errors}`). An accepted message lands in the outbox with the
 * registered template's text filled in, named msg91.
 */
import { randomBytes } from 'node:crypto';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { outboxRepository } from '../../providers/messaging/outbox.repository.ts';
import {
  SANDBOX_MSG91_AUTH_KEY,
  SANDBOX_MSG91_SMS_TEMPLATES,
  SANDBOX_MSG91_WHATSAPP_TEMPLATES,
  smsVariables,
} from './msg91-templates.ts';

const DLT_MAX = 40;
const MOBILE = /^91([6-9]\d{9})$/;

const otpQuery = z.looseObject({
  template_id: z.string().max(64).optional(),
  mobile: z.string().max(20).optional(),
  otp: z.string().max(12).optional(),
});

const flowBody = z.looseObject({
  template_id: z.string().max(64).optional(),
  short_url: z.string().max(2).optional(),
  recipients: z.array(z.record(z.string(), z.unknown())).max(100).optional(),
});

const component = z.looseObject({ type: z.string().max(20).optional(), value: z.string().max(1024).optional() });
const whatsappBody = z.looseObject({
  integrated_number: z.string().max(20).optional(),
  content_type: z.string().max(20).optional(),
  payload: z
    .looseObject({
      template: z
        .looseObject({
          name: z.string().max(128).optional(),
          language: z.looseObject({ code: z.string().max(10).optional() }).optional(),
          to_and_components: z
            .array(
              z.looseObject({
                to: z.array(z.string().max(20)).max(100).optional(),
                components: z.record(z.string(), component).optional(),
              }),
            )
            .max(100)
            .optional(),
        })
        .optional(),
    })
    .optional(),
});

const requestId = () => randomBytes(12).toString('hex');
const error = (message: string) => ({ type: 'error', message });

/** The registered text with the variables filled in, or what is wrong with them. */
function render(text: string, vars: Record<string, unknown>): { text: string } | { error: string } {
  let out = text;
  for (const name of smsVariables(text)) {
    const value = vars[name];
    if (typeof value !== 'string' || value === '') return { error: `Variable ${name} is missing` };
    if (Array.from(value).length > DLT_MAX) return { error: `Variable ${name} exceeds ${DLT_MAX} characters` };
    out = out.replace(`##${name}##`, value);
  }
  return { text: out };
}

export const sandboxMsg91Routes: FastifyPluginAsyncZod = async (app) => {
  const outbox = (channel: 'sms' | 'whatsapp', recipient: string, body: string, otp: string | null) =>
    outboxRepository.insert(app.deps.database.db, {
      channel,
      recipient,
      body,
      otp,
      attachments: [],
      provider: 'msg91',
    });

  app.addHook('onRequest', async (req, reply) => {
    if (req.headers.authkey !== SANDBOX_MSG91_AUTH_KEY) return reply.status(401).send(error('Authentication failure'));
  });

  app.post('/sandbox/msg91/api/v5/otp', { schema: { querystring: otpQuery } }, async (req, reply) => {
    const { template_id, mobile, otp } = req.query;
    const template = template_id ? SANDBOX_MSG91_SMS_TEMPLATES[template_id] : undefined;
    if (!template) return reply.status(400).send(error('Invalid template id'));
    const to = MOBILE.exec(mobile ?? '')?.[1];
    if (!to) return reply.status(400).send(error('Mobile number is invalid'));
    if (!otp || !/^\d{4,9}$/.test(otp)) return reply.status(400).send(error('OTP must be 4 to 9 digits'));
    const filled = render(template, { otp });
    if ('error' in filled) return reply.status(400).send(error(filled.error));
    await outbox('sms', to, filled.text, otp);
    return { type: 'success', request_id: requestId() };
  });

  app.post('/sandbox/msg91/api/v5/flow/', { schema: { body: flowBody } }, async (req, reply) => {
    const { template_id, recipients } = req.body;
    const template = template_id ? SANDBOX_MSG91_SMS_TEMPLATES[template_id] : undefined;
    if (!template) return reply.status(400).send(error('Invalid template id'));
    if (!recipients?.length) return reply.status(400).send(error('Recipients are required'));
    const messages: { to: string; text: string }[] = [];
    for (const { mobiles, ...vars } of recipients) {
      const to = typeof mobiles === 'string' ? MOBILE.exec(mobiles)?.[1] : undefined;
      if (!to) return reply.status(400).send(error('Mobile number is invalid'));
      const filled = render(template, vars);
      if ('error' in filled) return reply.status(400).send(error(filled.error));
      messages.push({ to, text: filled.text });
    }
    for (const m of messages) await outbox('sms', m.to, m.text, null);
    return { type: 'success', message: requestId() };
  });

  app.post(
    '/sandbox/msg91/api/v5/whatsapp/whatsapp-outbound-message/bulk/',
    { schema: { body: whatsappBody } },
    async (req, reply) => {
      const fail = (errors: string) => reply.status(400).send({ status: 'fail', hasError: true, errors });
      const template = req.body.payload?.template;
      const text = template?.name ? SANDBOX_MSG91_WHATSAPP_TEMPLATES[template.name] : undefined;
      if (!req.body.integrated_number) return fail('integrated_number is required');
      if (!text) return fail('Template not found or not approved');
      const sends = template?.to_and_components ?? [];
      if (!sends.length) return fail('to_and_components is required');
      const messages: { to: string; text: string; otp: string | null }[] = [];
      for (const { to, components = {} } of sends) {
        const params = [...text.matchAll(/\{\{(\d+)\}\}/g)].map((m) => m[1]!);
        let body = text;
        for (const n of params) {
          const value = components[`body_${n}`]?.value;
          if (!value) return fail(`body_${n} is required`);
          body = body.replace(`{{${n}}}`, value);
        }
        // an authentication template's copy-code button carries the code
        const otp = components.button_1?.value ?? null;
        for (const number of to ?? []) {
          const mobile = MOBILE.exec(number)?.[1];
          if (!mobile) return fail('Invalid recipient number');
          messages.push({ to: mobile, text: body, otp });
        }
      }
      for (const m of messages) await outbox('whatsapp', m.to, m.text, m.otp);
      return { status: 'success', hasError: false, data: { request_id: requestId() }, errors: null };
    },
  );
};
