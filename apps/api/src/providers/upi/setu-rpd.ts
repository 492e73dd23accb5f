/**
 * Setu reverse penny drop (docs.setu.co/data/bav/reverse-penny-drop): `POST <base>/api/verify/ban/reverse`
 * with headers x-client-id, x-client-secret, x-product-instance-id and `{additionalData: {…}}` →
 * `{id, shortUrl, status: BAV_REVERSE_PENNY_DROP_CREATED, upiBillId, upiLink "upi://pay?…", validUpto}`.
 * Setu then notifies `{event: "RPD_VERIFICATION_UPDATE", data: {rpd: {success, id, data:
 * {bankAccountName, bankAccountIfsc, bankAccountNumber, payerVpa, accountType, …, additionalData},
 * error: {code: BAV_REVERSE_PENNY_DROP_EXPIRED|…_FAILED}}}, timeStamp}`. Setu offers Basic, HMAC
 * and API-key authentication of these notifications (docs.setu.co/data/bav/reverse-penny-drop/
 * webhook-authentication). HMAC is the default here: `Authorization` carries the base64
 * HMAC-SHA256 of the raw body under the shared secret (as Setu signs its other notifications,
 * docs.setu.co/payments/umap/notifications/verify-signature), so the body and its `timeStamp` are
 * authenticated; Basic (a static credential) only when chosen (SETU_RPD_WEBHOOK_AUTH=basic). The
 * timestamp window and the seen-delivery store are the webhook route's (modules/bank).
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import { z } from 'zod';
import { type FetchLike, fetchJson, ProviderError } from '../http.ts';
import type { ReversePennyDrop, ReversePennyDropNotification, ReversePennyDropRequest } from './port.ts';

export const SETU_RPD_BASE_URL = 'https://dg.setu.co';

export interface SetuRpdOptions {
  baseUrl: string;
  clientId: string;
  secret: string;
  productInstanceId: string;
  /**
   * The product configuration the request runs under, where Setu gave one (SETU_RPD_PRODUCT_CONFIG_ID):
   * sent as `productConfigId` in the body. No public page of Setu's documentation was found to
   * transcribe it from; it is sent only when configured.
   */
  productConfigId?: string | undefined;
  fetch?: FetchLike;
}

const createReplySchema = z.looseObject({
  id: z.string(),
  status: z.string(),
  upiLink: z.string().startsWith('upi://'),
  shortUrl: z.string().nullable().optional(),
  validUpto: z.string().nullable().optional(),
});

/** The reverse penny drop's webhook body (RPD_VERIFICATION_UPDATE and others). */
export const setuRpdNotificationSchema = z.looseObject({
  event: z.string(),
  /** When Setu sent it (ISO 8601 with an offset); a notification outside the window is refused. */
  timeStamp: z.string().optional(),
  data: z.looseObject({
    rpd: z.looseObject({
      success: z.boolean(),
      id: z.string(),
      data: z
        .looseObject({
          bankAccountName: z.string().nullable().optional(),
          bankAccountIfsc: z.string().nullable().optional(),
          bankAccountNumber: z.string().nullable().optional(),
          payerVpa: z.string().nullable().optional(),
          accountType: z.string().nullable().optional(),
          additionalData: z.record(z.string(), z.string()).nullable().optional(),
        })
        .nullable()
        .optional(),
      additionalData: z.record(z.string(), z.string()).nullable().optional(),
      error: z.looseObject({ code: z.string().optional(), detail: z.string().optional() }).nullable().optional(),
    }),
  }),
});

export class SetuReversePennyDrop implements ReversePennyDrop {
  constructor(private readonly o: SetuRpdOptions) {}

  async create(reference: string): Promise<ReversePennyDropRequest> {
    const reply = createReplySchema.safeParse(
      await fetchJson(`${this.o.baseUrl}/api/verify/ban/reverse`, {
        method: 'POST',
        headers: {
          'x-client-id': this.o.clientId,
          'x-client-secret': this.o.secret,
          'x-product-instance-id': this.o.productInstanceId,
        },
        body: {
          ...(this.o.productConfigId && { productConfigId: this.o.productConfigId }),
          additionalData: { reference },
        },
        fetch: this.o.fetch,
      }),
    );
    if (!reply.success || reply.data.status !== 'BAV_REVERSE_PENNY_DROP_CREATED')
      throw new ProviderError('the reverse penny drop was not created');
    return {
      id: reply.data.id,
      upiLink: reply.data.upiLink,
      shortUrl: reply.data.shortUrl ?? null,
      validUpto: reply.data.validUpto ?? null,
    };
  }
}

/** `Authorization: Basic base64(user:password)`, as configured for the webhook on Setu's side. */
export const basicAuthorization = (user: string, password: string) =>
  `Basic ${Buffer.from(`${user}:${password}`).toString('base64')}`;

/** How the reverse penny drop's notifications are authenticated, as configured at Setu. */
export type RpdWebhookAuth = { kind: 'hmac'; secret: string } | { kind: 'basic'; authorization: string };

/** The HMAC option's Authorization: base64 HMAC-SHA256 of the raw body under the shared secret. */
export const rpdBodySignature = (secret: string, rawBody: string) =>
  createHmac('sha256', secret).update(rawBody).digest('base64');

const sameText = (a: string, b: string) => {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
};

/** A notification read: what it says, when it was sent, and what identifies the delivery. */
export interface RpdDelivery {
  /** The event and request it settles: a second delivery of it is a replay. */
  deliveryId: string;
  /** Epoch milliseconds of its timeStamp, or null when it carries none. */
  sentAt: number | null;
  notification: ReversePennyDropNotification | 'ignored';
}

/** Checks the webhook's credentials and reads it; null when they are wrong. */
export function readSetuRpdNotification(
  auth: RpdWebhookAuth,
  authorization: string | undefined,
  rawBody: string,
): RpdDelivery | null {
  const expected = auth.kind === 'hmac' ? rpdBodySignature(auth.secret, rawBody) : auth.authorization;
  if (!sameText(expected, authorization ?? '')) return null;
  const n = setuRpdNotificationSchema.parse(JSON.parse(rawBody));
  const sent = n.timeStamp ? Date.parse(n.timeStamp) : Number.NaN;
  const rpd = n.data.rpd;
  const delivery = { deliveryId: `${n.event}:${rpd.id}`, sentAt: Number.isFinite(sent) ? sent : null };
  if (n.event !== 'RPD_VERIFICATION_UPDATE') return { ...delivery, notification: 'ignored' };
  const extra = rpd.data?.additionalData ?? rpd.additionalData ?? null;
  return {
    ...delivery,
    notification: {
      id: rpd.id,
      reference: extra?.reference ?? null,
      outcome: rpd.success ? 'paid' : rpd.error?.code === 'BAV_REVERSE_PENNY_DROP_EXPIRED' ? 'expired' : 'failed',
      holderName: rpd.data?.bankAccountName ?? null,
      ifsc: rpd.data?.bankAccountIfsc ?? null,
      accountNumber: rpd.data?.bankAccountNumber ?? null,
      payerVpa: rpd.data?.payerVpa ?? null,
      accountType: rpd.data?.accountType ?? null,
    },
  };
}
