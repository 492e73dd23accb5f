/**
 * The sandbox reverse penny drop in Setu's wire format (`POST /api/verify/ban/reverse` with
 * x-client-id, x-client-secret, x-product-instance-id), and the sandbox UPI app page that the
 * `upi://pay` link or QR stands for. Contract: paying there pays Rs 1 from an account held in the
 * applicant's name (the PAN name on record); Decline fails the request. The sandbox then notifies
 * this service's webhook with Setu's RPD_VERIFICATION_UPDATE and its timeStamp, authenticated by
 * Setu's HMAC option (docs.setu.co/data/bav/reverse-penny-drop/webhook-authentication): the
 * Authorization header carries the base64 HMAC-SHA256 of the body under the shared secret, computed
 * here from that description rather than by the adapter's code.
 */
import { createHmac } from 'node:crypto';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { randomId } from '../../lib/crypto.ts';
import { SANDBOX_ORIGIN } from '../../providers/http.ts';
import { SANDBOX_RPD_WEBHOOK_SECRET } from '../../providers/upi/create.ts';
import { escapeHtml } from '../../lib/html.ts';
import { sandboxPage } from '../page.ts';
import { SandboxState } from '../state.ts';

export const UPI_INTENT_WEBHOOK_PATH = '/api/v1/ekyc/upi-intent-webhook';
/** The sandbox's paying account (the holder is the applicant). */
export const SANDBOX_RPD_IFSC = 'HDFC0000001';

interface SandboxRpd {
  id: string;
  reference: string;
  status: 'created' | 'paid' | 'failed';
}

export const sandboxRpdRoutes: FastifyPluginAsyncZod = async (app) => {
  // in the database: the pay page and its buttons may reach any process
  const requests = new SandboxState<SandboxRpd>(app.deps, 'upi-rpd', 24 * 60 * 60 * 1000);
  // The pay and decline buttons post empty forms.
  if (!app.hasContentTypeParser('application/x-www-form-urlencoded'))
    app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_req, _body, done) =>
      done(null, {}),
    );

  app.post(
    '/sandbox/rpd/api/verify/ban/reverse',
    { schema: { body: z.object({ additionalData: z.record(z.string(), z.string()).optional() }) } },
    async (req, reply) => {
      if (!req.headers['x-client-id'] || !req.headers['x-client-secret'] || !req.headers['x-product-instance-id'])
        return reply.status(401).send({ error: { code: 'unauthorized', detail: 'credentials missing', traceId: '-' } });
      const id = crypto.randomUUID();
      const bill = String(Date.now()) + randomId(4).replace(/\D/g, '0');
      await requests.put(id, { id, reference: req.body.additionalData?.reference ?? '', status: 'created' });
      return reply.status(201).send({
        id,
        shortUrl: `/sandbox/rpd/pay/${id}`,
        status: 'BAV_REVERSE_PENNY_DROP_CREATED',
        traceId: `1-${randomId(8)}`,
        upiBillId: bill,
        upiLink: `upi://pay?pa=ekyc-sandbox@pineaxis&pn=eKYC%20Sandbox&am=1.00&tr=${bill}&tn=Account%20Verification&cu=INR&mode=04`,
        validUpto: new Date(Date.now() + 10 * 60_000).toISOString().replace('Z', ''),
      });
    },
  );

  const notify = async (r: SandboxRpd, paid: boolean) => {
    const applicantId = r.reference.split('.')[0] ?? '';
    const pan = await app.deps.records.getSection(applicantId, 'pan_obj').catch(() => null);
    const body = JSON.stringify({
      event: 'RPD_VERIFICATION_UPDATE',
      timeStamp: new Date(app.deps.now()).toISOString(),
      data: {
        rpd: paid
          ? {
              success: true,
              id: r.id,
              upiBillId: '0',
              data: {
                bankAccountName: pan?.full_name ?? 'SANDBOX HOLDER',
                bankAccountIfsc: SANDBOX_RPD_IFSC,
                bankAccountNumber: `5010${r.id.replace(/\D/g, '').slice(0, 10).padEnd(10, '0')}`,
                payerVpa: 'applicant@okhdfcbank',
                accountType: 'BANK_ACCOUNT',
                bankAccountType: 'SAVINGS',
                ifscCrossCheck: true,
                additionalData: { reference: r.reference },
              },
            }
          : {
              success: false,
              id: r.id,
              upiBillId: '0',
              data: null,
              additionalData: { reference: r.reference },
              error: { code: 'BAV_REVERSE_PENNY_DROP_FAILED', detail: 'Expired or failed' },
            },
      },
      traceId: `1-${randomId(8)}`,
    });
    try {
      await app.deps.selfFetch(`${SANDBOX_ORIGIN}${UPI_INTENT_WEBHOOK_PATH}`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          authorization: createHmac('sha256', SANDBOX_RPD_WEBHOOK_SECRET).update(body).digest('base64'),
        },
        body,
      });
    } catch (err) {
      app.log.warn({ err: (err as Error).message }, 'sandbox UPI intent notification failed');
    }
  };

  const idParams = z.object({ id: z.string().max(64) });
  app.get('/sandbox/rpd/pay/:id', { schema: { params: idParams } }, async (req, reply) => {
    const r = (await requests.get(req.params.id))?.value;
    reply.type('text/html');
    if (!r) return reply.status(404).send(sandboxPage('UPI app', '<p>No such payment request.</p>'));
    const body =
      r.status === 'created'
        ? `<div class="card"><p>Pay ₹1.00 to <strong>eKYC Sandbox</strong> for account verification (refunded).</p>
<p>The sandbox pays from a bank account held in your name.</p></div>
<form method="post" action="/sandbox/rpd/pay/${escapeHtml(r.id)}/pay"><button type="submit">Pay ₹1.00</button></form>
<form method="post" action="/sandbox/rpd/pay/${escapeHtml(r.id)}/decline"><button type="submit" class="secondary">Decline</button></form>`
        : `<p><strong>${r.status === 'paid' ? 'Paid ₹1.00, to be refunded.' : 'Declined.'}</strong> You can return to the account-opening tab.</p>`;
    return sandboxPage('UPI app: pay to verify your bank account', body);
  });

  for (const action of ['pay', 'decline'] as const)
    app.post(`/sandbox/rpd/pay/:id/${action}`, { schema: { params: idParams } }, async (req, reply) => {
      const stored = await requests.get(req.params.id);
      if (!stored)
        return reply.status(404).type('text/html').send(sandboxPage('UPI app', '<p>No such payment request.</p>'));
      const r = stored.value;
      // paid or declined once, whichever process takes the press
      const settled: SandboxRpd = { ...r, status: action === 'pay' ? 'paid' : 'failed' };
      if (r.status === 'created' && (await requests.replace(r.id, stored, settled)))
        await notify(settled, action === 'pay');
      return reply.redirect(`/sandbox/rpd/pay/${encodeURIComponent(r.id)}`, 303);
    });
};
