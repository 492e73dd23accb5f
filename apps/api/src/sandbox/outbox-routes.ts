/** GET /sandbox/outbox (JSON, newest first, ?to= filter) and the page at /sandbox/ (contract). */
import { sandboxOutboxSchema } from '@ekyc/contracts/calls/sandbox-outbox';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { outboxRepository } from '../providers/messaging/outbox.repository.ts';
import { escapeHtml } from '../lib/html.ts';
import { sandboxPage } from './page.ts';

export const outboxRoutes: FastifyPluginAsyncZod = async (app) => {
  const list = (to?: string) => outboxRepository.list(app.deps.database.db, to);

  app.get(
    '/sandbox/outbox',
    {
      schema: {
        querystring: z.object({ to: z.string().max(254).optional() }),
        response: { 200: sandboxOutboxSchema },
      },
    },
    async (req) =>
      (await list(req.query.to)).map((m) => ({
        channel: m.channel,
        to: m.recipient,
        text: m.body,
        otp: m.otp,
        provider: m.provider,
        sent_at: m.sentAt.toISOString(),
        attachments: m.attachments,
      })),
  );

  app.get('/sandbox/', async (_req, reply) => {
    const rows = await list();
    const body = rows.length
      ? `<table><thead><tr><th>Sent</th><th>Channel</th><th>To</th><th>Gateway</th><th>OTP</th><th>Text</th></tr></thead><tbody>${rows
          .map(
            (m) =>
              `<tr><td>${m.sentAt.toISOString().replace('T', ' ').slice(0, 19)}</td><td>${escapeHtml(m.channel)}</td><td>${escapeHtml(m.recipient)}</td><td>${escapeHtml(m.provider ?? '')}</td><td><strong>${escapeHtml(m.otp ?? '')}</strong></td><td>${escapeHtml(m.body)}${m.attachments.length ? `<ul>${m.attachments.map((a) => `<li>${escapeHtml(a.filename)} (${Math.ceil(a.size / 1024)} KB)</li>`).join('')}</ul>` : ''}</td></tr>`,
          )
          .join('')}</tbody></table>`
      : '<p>No messages yet.</p>';
    return reply.type('text/html').send(
      sandboxPage(
        'Sandbox outbox',
        `<p>Messages the sandbox SMS, WhatsApp and email gateways would have sent. This page refreshes every 5 seconds.</p>${body}`,
        {
          refreshSeconds: 5,
        },
      ),
    );
  });
};
