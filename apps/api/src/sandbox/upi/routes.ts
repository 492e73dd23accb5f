/**
 * The sandbox UPI provider in Setu's wire format (UMAP: token login, Bearer + merchantId on every
 * call), and the sandbox UPI app: a page showing a collect request with Approve and Decline. Known
 * outcomes (contract): a VPA whose user part starts with 'fail' is invalid; 'decline' is declined;
 * any other is approved by the app within 5 seconds. When a request is resolved the sandbox
 * notifies this service's webhook with Setu's `payment.success|failed` event, signed as Setu's
 * public documentation says (docs.setu.co/payments/umap/notifications/verify-signature: the
 * `x-setu-signature` header, base64 HMAC-SHA256 of the body string). The header and the signing are
 * stated here from that source, not taken from the adapter, so the adapter is checked against an
 * independent reading of the format.
 */
import { createHmac } from 'node:crypto';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { randomId } from '../../lib/crypto.ts';
import { SANDBOX_ORIGIN } from '../../providers/http.ts';
import {
  SANDBOX_UPI_MERCHANT_ID as SANDBOX_MERCHANT_ID,
  SANDBOX_UPI_MERCHANT_VPA,
  SANDBOX_UPI_WEBHOOK_SECRET,
} from '../../providers/upi/create.ts';
import { escapeHtml } from '../../lib/html.ts';
import { sandboxPage } from '../page.ts';
import { SandboxState, sandboxTokens } from '../state.ts';

/** Within the contract's 5 seconds, leaving a moment to press a button on the page. */
export const SANDBOX_UPI_AUTO_RESOLVE_MS = 2500;
export const UPI_WEBHOOK_PATH = '/api/v1/ekyc/upi-collect-webhook';

interface SandboxCollect {
  id: string;
  txnId: string;
  vpa: string;
  amount: number;
  reference: string;
  note: string;
  status: 'active' | 'paid' | 'closed';
  reason: string | null;
  createdAt: number;
}

/** A collect request stays readable for a day (the UPI app page, the status call). */
const KEEP_COLLECT_MS = 24 * 60 * 60 * 1000;

const userPart = (vpa: string) => vpa.split('@')[0]!.toLowerCase();

export const sandboxUpiRoutes: FastifyPluginAsyncZod = async (app) => {
  // In the database: the UPI app page, its buttons and the status call may reach any process.
  const collects = new SandboxState<SandboxCollect>(app.deps, 'upi-collect', KEEP_COLLECT_MS);
  const timers = new Set<NodeJS.Timeout>();
  let closing = false;
  app.addHook('onClose', async () => {
    closing = true;
    for (const t of timers) clearTimeout(t);
  });

  /** Setu's notification signature header (docs.setu.co/payments/umap/notifications/verify-signature). */
  const SIGNATURE_HEADER = 'x-setu-signature';
  /** Posts a notification to this service's webhook, signed as Setu signs. */
  const notify = async (event: Record<string, unknown>) => {
    const body = JSON.stringify({ eventId: `evt_${randomId(10)}`, eventTs: new Date().toISOString(), ...event });
    try {
      await app.deps.selfFetch(`${SANDBOX_ORIGIN}${UPI_WEBHOOK_PATH}`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          [SIGNATURE_HEADER]: createHmac('sha256', SANDBOX_UPI_WEBHOOK_SECRET).update(body).digest('base64'),
        },
        body,
      });
    } catch (err) {
      app.log.warn({ err: (err as Error).message }, 'sandbox UPI notification failed');
    }
  };

  /** Settles an active request once (whichever process gets there first) and notifies the webhook. */
  const resolve = async (id: string, approve: boolean, reason: string | null): Promise<SandboxCollect | null> => {
    const stored = await collects.get(id);
    if (!stored || stored.value.status !== 'active' || closing) return stored?.value ?? null;
    const c: SandboxCollect = { ...stored.value, status: approve ? 'paid' : 'closed', reason: approve ? null : reason };
    if (!(await collects.replace(id, stored, c))) return (await collects.get(id))?.value ?? null;
    const status = approve ? 'success' : 'failed';
    await notify({
      eventType: `payment.${status}`,
      resource: 'payment',
      status,
      productInstanceType: 'collect',
      merchantId: SANDBOX_MERCHANT_ID,
      merchantReferenceId: c.reference,
      id: c.id,
      txnId: c.txnId,
      txnType: 'collect',
      rrn: String(Date.now()).slice(-12),
      txnNote: c.note,
      amount: c.amount,
      currency: 'INR',
      merchantVpa: SANDBOX_UPI_MERCHANT_VPA,
      customerVpa: c.vpa,
      ...(!approve && {
        reason: {
          code: 'payment-failed',
          desc: 'payment failed',
          npciErrCode: 'ZA',
          npciErrDesc: 'TRANSACTION DECLINED BY CUSTOMER',
        },
      }),
    });
    return c;
  };
  const autoApproves = (c: SandboxCollect) => !userPart(c.vpa).startsWith('decline');
  /** The request as it stands; one left active past its time is settled now (its timer ran in another process, or that process stopped). */
  const current = async (id: string): Promise<SandboxCollect | null> => {
    const c = (await collects.get(id))?.value ?? null;
    if (c?.status === 'active' && Date.now() - c.createdAt >= SANDBOX_UPI_AUTO_RESOLVE_MS)
      return resolve(id, autoApproves(c), 'declined');
    return c;
  };

  // Setu: POST accountservice /v1/users/login → {access_token}; every other call needs it.
  // checked by signature, so a token from one process is good in any other
  const tokens = sandboxTokens(app.deps.hasher, 'upi', 60 * 60 * 1000);
  app.post(
    '/sandbox/upi/v1/users/login',
    {
      schema: {
        body: z.object({
          clientID: z.string().max(200),
          secret: z.string().max(200),
          grant_type: z.literal('client_credentials'),
        }),
      },
    },
    async () => {
      return { access_token: `sandbox-${tokens.issue()}` };
    },
  );
  const authorised = (headers: Record<string, unknown>) =>
    typeof headers.authorization === 'string' &&
    tokens.valid(headers.authorization.replace(/^Bearer sandbox-/, '')) &&
    headers.merchantid === SANDBOX_MERCHANT_ID;
  const unauthorised = { error: { code: 'unauthorized', detail: 'Bearer token and merchantId are required' } };

  app.post(
    '/sandbox/upi/v1/merchants/customer-vpas/verify',
    { schema: { body: z.object({ customerVpa: z.string().max(300), merchantReferenceId: z.string().max(200) }) } },
    async (req, reply) => {
      if (!authorised(req.headers)) return reply.status(401).send(unauthorised);
      const vpa = req.body.customerVpa;
      const valid = /^[a-zA-Z0-9._-]{2,256}@[a-zA-Z]{2,64}$/.test(vpa) && !userPart(vpa).startsWith('fail');
      const id = `cvpa_${randomId(10)}`;
      const common = {
        id,
        merchantId: SANDBOX_MERCHANT_ID,
        merchantReferenceId: req.body.merchantReferenceId,
        customerVpa: vpa,
      };
      // Setu answers pending and settles by notification; an unknown handle is known at once.
      if (!valid) return { ...common, createdAt: new Date().toISOString(), customerName: null, status: 'invalid' };
      setImmediate(
        () =>
          void notify({
            eventType: 'customer_vpa.valid',
            resource: 'customer_vpa',
            status: 'valid',
            ...common,
            reason: {},
          }),
      );
      return { ...common, createdAt: new Date().toISOString(), customerName: null, status: 'pending' };
    },
  );

  app.post(
    '/sandbox/upi/v1/merchants/collect',
    {
      schema: {
        body: z.object({
          amount: z.number().int().min(1),
          customerVpa: z.string().max(300),
          currency: z.literal('INR'),
          expireAfter: z.number().int().min(1),
          merchantReferenceId: z.string().max(200),
          merchantVpa: z.literal(SANDBOX_UPI_MERCHANT_VPA),
          transactionNote: z.string().max(200).optional(),
        }),
      },
    },
    async (req, reply) => {
      if (!authorised(req.headers)) return reply.status(401).send(unauthorised);
      const c: SandboxCollect = {
        id: `col_${randomId(10)}`,
        txnId: `SET${randomId(16)}`,
        vpa: req.body.customerVpa,
        amount: req.body.amount,
        reference: req.body.merchantReferenceId,
        note: req.body.transactionNote ?? '',
        status: 'active',
        reason: null,
        createdAt: Date.now(),
      };
      await collects.put(c.id, c);
      const timer = setTimeout(() => {
        timers.delete(timer);
        void resolve(c.id, autoApproves(c), 'declined').catch((err: unknown) =>
          app.log.warn({ err: (err as Error).message }, 'sandbox UPI request could not be settled'),
        );
      }, SANDBOX_UPI_AUTO_RESOLVE_MS);
      timer.unref();
      timers.add(timer);
      return { id: c.id, status: c.status, amount: c.amount, customerVpa: c.vpa, merchantReferenceId: c.reference };
    },
  );

  app.get(
    '/sandbox/upi/v1/merchants/collect/:id',
    { schema: { params: z.object({ id: z.string().max(64) }) } },
    async (req, reply) => {
      const c = await current(req.params.id);
      if (!c) return reply.status(404).send({ error: 'collect request not found' });
      return { id: c.id, status: c.status, reason: c.reason, customerVpa: c.vpa, merchantReferenceId: c.reference };
    },
  );

  // ----- the sandbox UPI app (people click here) -----

  const idParams = z.object({ id: z.string().max(64) });

  app.get('/sandbox/upi/collect/:id', { schema: { params: idParams } }, async (req, reply) => {
    const c = await current(req.params.id);
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
      const c = await resolve(req.params.id, action === 'approve', 'declined');
      if (!c)
        return reply.status(404).type('text/html').send(sandboxPage('UPI app', '<p>No such collect request.</p>'));
      return reply.redirect(`/sandbox/upi/collect/${encodeURIComponent(c.id)}`, 303);
    });
};
