import { z } from 'zod';

/**
 * GET /sandbox/outbox (sandbox only): the messages the sandbox SMS, WhatsApp and email gateways
 * would have sent, newest first. A plain list, not the envelope.
 */
export const sandboxOutboxSchema = z.array(
  z.object({
    channel: z.string(),
    to: z.string(),
    text: z.string(),
    otp: z.string().nullable(),
    /** The SMS gateway that took it (SMS_VENDORS: msg91, kaleyra); null for email. */
    provider: z.string().nullable(),
    sent_at: z.string(),
    attachments: z.array(z.looseObject({ filename: z.string(), size: z.number() })),
  }),
);
