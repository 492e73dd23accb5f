/**
 * The sandbox UPI provider in Setu's wire format, and the sandbox UPI app: a page showing a collect
 * request with Approve and Decline. Known outcomes (contract): a VPA whose user part starts with
 * 'fail' is invalid; 'decline' is declined; any other is approved by the app within 5 seconds.
 * When a request is resolved the sandbox notifies this service's webhook, signed, as Setu does.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { randomId } from '../../lib/crypto.ts';
import { SANDBOX_ORIGIN } from '../../providers/http.ts';
import { SANDBOX_UPI_WEBHOOK_SECRET } from '../../providers/upi/create.ts';
import { SETU_SIGNATURE_HEADER, signSetuBody } from '../../providers/upi/setu.ts';
import { escapeHtml, sandboxPage } from '../page.ts';

/** Within the contract's 5 seconds, leaving a moment to press a button on the page. */
export const SANDBOX_UPI_AUTO_RESOLVE_MS = 2500;
export const UPI_WEBHOOK_PATH = '/api/v1/ekyc/upi-collect-webhook';

interface SandboxCollect {
  id: string;
  vpa: string;
  amount: number;
  reference: string;
  note: string;
  status: 'active' | 'paid' | 'closed';
  reason: string | null;
  createdAt: Date;
  timer: NodeJS.Timeout | null;
}

const userPart = (vpa: string) => vpa.split('@')[0]!.toLowerCase();

export const sandboxUpiRoutes: FastifyPluginAsyncZod = async (app) => {
  // One store per app instance; requests live as long as the process (sandbox only).
  const collects = new Map<string, SandboxCollect>();
  let closing = false;
  app.addHook('onClose', async () => {
    closing = true;
    for (const c of collects.values()) if (c.timer) clearTimeout(c.timer);
  });

  const resolve = async (c: SandboxCollect, approve: boolean, reason: string | null) => {
    if (c.status !== 'active' || closing) return;
    if (c.timer) clearTimeout(c.timer);
    c.timer = null;
    c.status = approve ? 'paid' : 'closed';
    c.reason = approve ? null : reason;
    const body = JSON.stringify({
      id: c.id,
      merchantReferenceId: c.reference,
      status: c.status,
      reason: c.reason,
      customerVpa: c.vpa,
      payerName: null,
      closedAt: new Date().toISOString(),
    });
    try {
      await app.deps.selfFetch(`${SANDBOX_ORIGIN}${UPI_WEBHOOK_PATH}`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          [SETU_SIGNATURE_HEADER]: signSetuBody(SANDBOX_UPI_WEBHOOK_SECRET, body),
        },
        body,
      });
    } catch (err) {
      app.log.warn({ err: (err as Error).message }, 'sandbox UPI notification failed');
    }
  };

  app.post(
    '/sandbox/upi/v1/merchants/vpa/verify',
    { schema: { body: z.object({ customerVpa: z.string().max(300) }) } },
    async (req) => {
      const vpa = req.body.customerVpa;
      const valid = /^[a-zA-Z0-9._-]{2,256}@[a-zA-Z]{2,64}$/.test(vpa) && !userPart(vpa).startsWith('fail');
      return { customerVpa: vpa, customerName: null, status: valid ? 'valid' : 'invalid' };
    },
  );

  app.post(
    '/sandbox/upi/v1/merchants/collect',
    {
      schema: {
        body: z.object({
          amount: z.number().int().min(1),
          customerVpa: z.string().max(300),
          expireAfter: z.number().int().min(1),
          merchantReferenceId: z.string().max(200),
          transactionNote: z.string().max(200).optional(),
        }),
      },
    },
    async (req) => {
      const c: SandboxCollect = {
        id: `col_${randomId(10)}`,
        vpa: req.body.customerVpa,
        amount: req.body.amount,
        reference: req.body.merchantReferenceId,
        note: req.body.transactionNote ?? '',
        status: 'active',
        reason: null,
        createdAt: new Date(),
        timer: null,
      };
      const declines = userPart(c.vpa).startsWith('decline');
      c.timer = setTimeout(() => void resolve(c, !declines, 'declined'), SANDBOX_UPI_AUTO_RESOLVE_MS);
      c.timer.unref();
      collects.set(c.id, c);
      return { id: c.id, status: c.status, amount: c.amount, customerVpa: c.vpa, merchantReferenceId: c.reference };
    },
  );

  app.get(
    '/sandbox/upi/v1/merchants/collect/:id',
    { schema: { params: z.object({ id: z.string().max(64) }) } },
    async (req, reply) => {
      const c = collects.get(req.params.id);
      if (!c) return reply.status(404).send({ error: 'collect request not found' });
      return { id: c.id, status: c.status, reason: c.reason, customerVpa: c.vpa, merchantReferenceId: c.reference };
    },
  );

  // ----- the sandbox UPI app (people click here) -----

  const idParams = z.object({ id: z.string().max(64) });

  app.get('/sandbox/upi/collect/:id', { schema: { params: idParams } }, async (req, reply) => {
    const c = collects.get(req.params.id);
    if (!c) return reply.status(404).type('text/html').send(sandboxPage('UPI app', '<p>No such collect request.</p>'));
    const state =
      c.status === 'active'
        ? `<p>Waiting for you. If you do nothing, the sandbox ${userPart(c.vpa).startsWith('decline') ? 'declines' : 'approves'} it within 5 seconds.</p>
<form method="post" action="/sandbox/upi/collect/${escapeHtml(c.id)}/approve"><button type="submit">Approve and pay ₹${(c.amount / 100).toFixed(2)}</button></form>
<form method="post" action="/sandbox/upi/collect/${escapeHtml(c.id)}/decline"><button type="submit" class="secondary">Decline</button></form>`
        : `<p><strong>${c.status === 'paid' ? 'Approved: ₹' + (c.amount / 100).toFixed(2) + ' paid, to be refunded.' : 'Declined.'}</strong> You can return to the account-opening tab.</p>`;
    return reply.type('text/html').send(
      sandboxPage(
        'UPI app: collect request',
        `<div class="card"><table><tbody>
<tr><th>From</th><td>${escapeHtml(c.note || 'Bank account verification')}</td></tr>
<tr><th>To your UPI ID</th><td>${escapeHtml(c.vpa)}</td></tr>
<tr><th>Amount</th><td>₹${(c.amount / 100).toFixed(2)} (refunded)</td></tr>
<tr><th>Status</th><td>${c.status === 'active' ? 'Pending' : c.status === 'paid' ? 'Approved' : 'Declined'}</td></tr>
</tbody></table></div>${state}`,
        c.status === 'active' ? { refreshSeconds: 2 } : {},
      ),
    );
  });

  for (const action of ['approve', 'decline'] as const)
    app.post(`/sandbox/upi/collect/:id/${action}`, { schema: { params: idParams } }, async (req, reply) => {
      const c = collects.get(req.params.id);
      if (!c)
        return reply.status(404).type('text/html').send(sandboxPage('UPI app', '<p>No such collect request.</p>'));
      await resolve(c, action === 'approve', 'declined');
      return reply.redirect(`/sandbox/upi/collect/${encodeURIComponent(c.id)}`, 303);
    });
};
