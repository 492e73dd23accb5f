/**
 * Setu UPI: POST <base>/v1/merchants/vpa/verify {customerVpa} → {customerName, status:
 * pending|valid|invalid}; POST <base>/v1/merchants/collect {amount (paise), customerVpa,
 * expireAfter (minutes), merchantReferenceId, transactionNote} → {id, status: active|paid|closed}.
 * Setu notifies the configured webhook when a collect is paid or closed; the notification is
 * signed with HMAC-SHA256 over the raw body (header x-setu-signature, hex).
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import { z } from 'zod';
import { type FetchLike, fetchJson } from '../http.ts';
import type { CollectNotification, CollectRequest, UpiProvider, VpaCheck } from './port.ts';

export const SETU_SIGNATURE_HEADER = 'x-setu-signature';

const verifyReplySchema = z.looseObject({
  customerName: z.string().nullable().optional(),
  status: z.enum(['pending', 'valid', 'invalid']),
});
const collectReplySchema = z.looseObject({ id: z.string(), status: z.string() });

export const setuNotificationSchema = z.looseObject({
  id: z.string(),
  merchantReferenceId: z.string(),
  status: z.enum(['active', 'paid', 'closed']),
  reason: z.string().nullable().optional(),
  customerVpa: z.string(),
  payerName: z.string().nullable().optional(),
  closedAt: z.string().nullable().optional(),
});

export interface SetuOptions {
  baseUrl: string;
  clientId: string;
  secret: string;
  productInstanceId: string;
  fetch?: FetchLike;
}

export class SetuUpiProvider implements UpiProvider {
  constructor(private readonly o: SetuOptions) {}

  private headers() {
    return {
      'x-client-id': this.o.clientId,
      'x-client-secret': this.o.secret,
      'x-product-instance-id': this.o.productInstanceId,
    };
  }

  async verifyVpa(vpa: string): Promise<VpaCheck> {
    const reply = verifyReplySchema.parse(
      await fetchJson(`${this.o.baseUrl}/v1/merchants/vpa/verify`, {
        method: 'POST',
        headers: this.headers(),
        body: { customerVpa: vpa },
        fetch: this.o.fetch,
      }),
    );
    return { valid: reply.status === 'valid', customerName: reply.customerName ?? null };
  }

  async createCollect(r: CollectRequest): Promise<{ id: string }> {
    const reply = collectReplySchema.parse(
      await fetchJson(`${this.o.baseUrl}/v1/merchants/collect`, {
        method: 'POST',
        headers: this.headers(),
        body: {
          amount: r.amountPaise,
          customerVpa: r.vpa,
          expireAfter: r.expireAfterMinutes,
          merchantReferenceId: r.reference,
          transactionNote: r.note,
        },
        fetch: this.o.fetch,
      }),
    );
    return { id: reply.id };
  }
}

export const signSetuBody = (secret: string, rawBody: string) =>
  createHmac('sha256', secret).update(rawBody).digest('hex');

/** Checks the signature and reads the notification; null when the signature is wrong. */
export function readSetuNotification(
  secret: string,
  rawBody: string,
  signature: string | undefined,
): CollectNotification | null {
  const expected = Buffer.from(signSetuBody(secret, rawBody));
  const given = Buffer.from(signature ?? '');
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null;
  const n = setuNotificationSchema.parse(JSON.parse(rawBody));
  const outcome = n.status === 'paid' ? 'approved' : n.reason === 'expired' ? 'expired' : 'declined';
  return { id: n.id, reference: n.merchantReferenceId, outcome, vpa: n.customerVpa, payerName: n.payerName ?? null };
}
