/**
 * UPI Setu (UMAP), as docs.setu.co/payments/umap describes it:
 * - token: POST https://accountservice.setu.co/v1/users/login, header `client: bridge`,
 *   `{clientID, secret, grant_type: "client_credentials"}` → `{access_token}`, valid 5 minutes
 *   (renewed after 4 minutes, as Setu advises);
 * - every call: `Authorization: Bearer <token>` and `merchantId`;
 * - POST <base>/v1/merchants/customer-vpas/verify `{customerVpa, merchantReferenceId}` → `status:
 *   pending` as a rule; the final state comes by notification (`customer_vpa.valid|invalid|failed`).
 *   `pending` is not a refusal;
 * - POST <base>/v1/merchants/collect `{amount (paise), currency, customerVpa, expireAfter (minutes),
 *   merchantReferenceId, merchantVpa, transactionNote}` → `{id, status}`;
 * - notifications carry `x-setu-signature` = base64 HMAC-SHA256 of the raw body with the webhook
 *   secret, and `eventType` `payment.initiated|pending|success|failed` or `customer_vpa.*`.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import { z } from 'zod';
import { type FetchLike, fetchJson } from '../http.ts';
import type { CollectRequest, UpiNotification, UpiProvider, VpaCheck } from './port.ts';

export const SETU_SIGNATURE_HEADER = 'x-setu-signature';
export const SETU_UMAP_BASE_URL = 'https://umap.setu.co/api';
export const SETU_LOGIN_URL = 'https://accountservice.setu.co/v1/users/login';
/** Setu: the token is valid for 5 minutes; get a new one at the 4th minute. */
const TOKEN_REUSE_MS = 4 * 60_000;

const tokenReplySchema = z.looseObject({ access_token: z.string().min(1) });
const verifyReplySchema = z.looseObject({
  id: z.string().optional(),
  customerName: z.string().nullable().optional(),
  status: z.enum(['pending', 'valid', 'invalid', 'failed']),
});
const collectReplySchema = z.looseObject({ id: z.string(), status: z.string().optional() });

const reasonSchema = z
  .looseObject({
    code: z.string().optional(),
    desc: z.string().optional(),
    npciErrCode: z.string().optional(),
    npciErrDesc: z.string().optional(),
  })
  .nullable()
  .optional();

export const setuNotificationSchema = z.looseObject({
  eventType: z.string(),
  eventId: z.string().optional(),
  resource: z.string().optional(),
  status: z.string(),
  id: z.string(),
  merchantReferenceId: z.string(),
  customerVpa: z.string().optional(),
  customerName: z.string().nullable().optional(),
  rrn: z.string().optional(),
  txnId: z.string().optional(),
  reason: reasonSchema,
});

export interface SetuOptions {
  baseUrl: string;
  loginUrl: string;
  clientId: string;
  secret: string;
  merchantId: string;
  merchantVpa: string;
  fetch?: FetchLike;
  now?: () => number;
}

export class SetuUpiProvider implements UpiProvider {
  private token: { value: string; at: number } | null = null;
  constructor(private readonly o: SetuOptions) {}

  private async headers() {
    const now = (this.o.now ?? Date.now)();
    if (!this.token || now - this.token.at >= TOKEN_REUSE_MS) {
      const reply = tokenReplySchema.parse(
        await fetchJson(this.o.loginUrl, {
          method: 'POST',
          headers: { client: 'bridge' },
          body: { clientID: this.o.clientId, secret: this.o.secret, grant_type: 'client_credentials' },
          fetch: this.o.fetch,
        }),
      );
      this.token = { value: reply.access_token, at: now };
    }
    return { authorization: `Bearer ${this.token.value}`, merchantId: this.o.merchantId };
  }

  async verifyVpa(vpa: string, reference: string): Promise<VpaCheck> {
    const reply = verifyReplySchema.parse(
      await fetchJson(`${this.o.baseUrl}/v1/merchants/customer-vpas/verify`, {
        method: 'POST',
        headers: await this.headers(),
        body: { customerVpa: vpa, merchantReferenceId: reference },
        fetch: this.o.fetch,
      }),
    );
    const state = reply.status === 'failed' ? 'invalid' : reply.status;
    return { state, customerName: reply.customerName ?? null };
  }

  async createCollect(r: CollectRequest): Promise<{ id: string }> {
    const reply = collectReplySchema.parse(
      await fetchJson(`${this.o.baseUrl}/v1/merchants/collect`, {
        method: 'POST',
        headers: await this.headers(),
        body: {
          amount: r.amountPaise,
          currency: 'INR',
          customerVpa: r.vpa,
          expireAfter: r.expireAfterMinutes,
          merchantReferenceId: r.reference,
          merchantVpa: this.o.merchantVpa,
          transactionNote: r.note,
        },
        fetch: this.o.fetch,
      }),
    );
    return { id: reply.id };
  }
}

/** Setu's signature: base64 of HMAC-SHA256 over the raw body. */
export const signSetuBody = (secret: string, rawBody: string) =>
  createHmac('sha256', secret).update(rawBody).digest('base64');

/**
 * Checks the signature and reads the notification; null when the signature is wrong, 'ignored'
 * for events that settle nothing (payment.initiated, payment.pending, customer_vpa.valid).
 */
export function readSetuNotification(
  secret: string,
  rawBody: string,
  signature: string | undefined,
): UpiNotification | 'ignored' | null {
  const expected = Buffer.from(signSetuBody(secret, rawBody));
  const given = Buffer.from(signature ?? '');
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null;
  const n = setuNotificationSchema.parse(JSON.parse(rawBody));
  const reason = n.reason?.npciErrCode
    ? `${n.reason.npciErrCode} ${n.reason.npciErrDesc ?? ''}`.trim()
    : (n.reason?.desc ?? n.reason?.code ?? null);
  const base = { id: n.id, reference: n.merchantReferenceId, vpa: n.customerVpa ?? null, reason };
  switch (n.eventType) {
    case 'payment.success':
      return { ...base, kind: 'payment', outcome: 'approved', payerName: n.customerName ?? null };
    case 'payment.failed':
      return {
        ...base,
        kind: 'payment',
        // NPCI U69: the collect request expired before the customer acted.
        outcome: n.reason?.npciErrCode === 'U69' || /expir/i.test(reason ?? '') ? 'expired' : 'declined',
        payerName: null,
      };
    case 'customer_vpa.invalid':
    case 'customer_vpa.failed':
      return { ...base, kind: 'vpa', outcome: 'declined', payerName: null };
    default:
      return 'ignored';
  }
}
