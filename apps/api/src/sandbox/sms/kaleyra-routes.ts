/**
 * The sandbox's second SMS gateway, in Kaleyra's wire format (SMS API v1): `POST
 * /sandbox/kaleyra/v1/<SID>/messages` with the header `api-key` and a form {to: 91…, sender,
 * type: OTP|TXN|MKT, body, template_id}. The message lands in the outbox with the gateway named;
 * an OTP message's code is the first group of 4 to 8 digits in its text, as a phone reads it.
 * Answers 202 {id, totalCount, data: [{message_id, recipient}], error: {}}; a missing key 401 and
 * a malformed message 400 {code, message, error}.
 */
import { randomUUID } from 'node:crypto';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { outboxRepository } from '../../providers/messaging/outbox.repository.ts';

const formSchema = z.looseObject({
  to: z.string().max(20).optional(),
  sender: z.string().max(20).optional(),
  type: z.string().max(10).optional(),
  body: z.string().max(2000).optional(),
  template_id: z.string().max(40).optional(),
});

const refuse = (code: string, message: string, field: string) => ({
  code,
  message,
  data: [],
  error: { [field]: message },
});

export const sandboxKaleyraRoutes: FastifyPluginAsyncZod = async (app) => {
  if (!app.hasContentTypeParser('application/x-www-form-urlencoded'))
    app.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string', bodyLimit: 16 * 1024 },
      (_req, body, done) => done(null, Object.fromEntries(new URLSearchParams(String(body)))),
    );
  app.post(
    '/sandbox/kaleyra/v1/:sid/messages',
    { schema: { params: z.object({ sid: z.string().max(40) }), body: formSchema } },
    async (req, reply) => {
      if (!req.headers['api-key']) return reply.status(401).send(refuse('E101', 'Invalid API key', 'api-key'));
      const { to, sender, type, body, template_id } = req.body;
      const mobile = /^(?:\+?91)?([6-9]\d{9})$/.exec(to ?? '')?.[1];
      if (!mobile) return reply.status(400).send(refuse('E400', 'Invalid recipient number', 'to'));
      if (!sender) return reply.status(400).send(refuse('E402', 'Sender id is required', 'sender'));
      if (!type || !['OTP', 'TXN', 'MKT'].includes(type))
        return reply.status(400).send(refuse('E403', 'Type must be OTP, TXN or MKT', 'type'));
      if (!body) return reply.status(400).send(refuse('E404', 'Body is required', 'body'));
      if (!template_id) return reply.status(400).send(refuse('E413', 'DLT template id is required', 'template_id'));
      await outboxRepository.insert(app.deps.database.db, {
        channel: 'sms',
        recipient: mobile,
        body,
        otp: type === 'OTP' ? (/(?<!\d)\d{4,8}(?!\d)/.exec(body)?.[0] ?? null) : null,
        attachments: [],
        provider: 'kaleyra',
      });
      const id = randomUUID();
      return reply.status(202).send({
        id,
        sender,
        type,
        body,
        createdDateTime: new Date().toISOString(),
        totalCount: 1,
        data: [{ message_id: `${id}:1`, recipient: `91${mobile}` }],
        dlrurl: null,
        error: {},
      });
    },
  );
};
