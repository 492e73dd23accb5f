import { z } from 'zod';
import { screenSchema } from '../screen.ts';
import { refusalDataSchema, stageReplySchema } from '../envelope.ts';

/**
 * POST upi-intent: bank verification by UPI intent or QR (a reverse penny drop). The applicant
 * pays Rs 1 (refunded) from their UPI app: `upi_link` opens the app on a phone, `qr_svg` is the
 * same link as a QR code for a desktop. The answer arrives as the record's vpa_callback, as for
 * a collect request.
 */
export const upiIntentDataSchema = z.object({
  status_description: z.enum(['Success', 'Failure']),
  screen: screenSchema,
  wait_seconds: z.number().optional(),
  upi_link: z.string().optional(),
  /** An SVG image (data URL) of the QR code of upi_link. */
  qr_svg: z.string().optional(),
  valid_upto: z.string().nullable().optional(),
  /** Sandbox only: the sandbox UPI app page where the payment can be made or declined. */
  upi_app_url: z.string().optional(),
});

/** A refusal says Failure, as the success says Success (section 4). */
export const upiIntentReplySchema = stageReplySchema(
  upiIntentDataSchema,
  refusalDataSchema({ status_description: upiIntentDataSchema.shape.status_description }),
);
