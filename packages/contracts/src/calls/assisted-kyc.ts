import { z } from 'zod';
import { LANGUAGES } from '../constants.ts';
import { replySchema } from '../envelope.ts';
import { saying } from '../said.ts';

/**
 * Assisted video KYC (SEBI's KYC duties for persons with disabilities, regulation research 1.3): an
 * applicant who needs help books a video call with the broker's KYC team, on a working day (Monday
 * to Saturday) within the next two weeks, in a two-hour slot, in their language, saying what help
 * they need. The back office lists the calls booked.
 */
export const ASSISTED_KYC_SLOTS = ['10:00-12:00', '12:00-14:00', '14:00-16:00', '16:00-18:00'] as const;
export const ASSISTED_KYC_NEEDS = ['vision', 'hearing', 'speech', 'mobility', 'other'] as const;
/** How many days ahead a call can be booked. */
export const ASSISTED_KYC_DAYS_AHEAD = 14;

/** The days a call can be booked on, from the day after `today` (YYYY-MM-DD, India): no Sundays. */
export function assistedKycDays(today: string): string[] {
  const days: string[] = [];
  const start = Date.parse(`${today}T00:00:00Z`);
  for (let i = 1; i <= ASSISTED_KYC_DAYS_AHEAD; i += 1) {
    const day = new Date(start + i * 86_400_000);
    if (day.getUTCDay() !== 0) days.push(day.toISOString().slice(0, 10));
  }
  return days;
}

export const requestAssistedKycSchema = z
  .object({
    call_date: z.string(saying('assistedKycDay')).regex(/^\d{4}-\d{2}-\d{2}$/, saying('assistedKycDay')),
    slot: z.enum(ASSISTED_KYC_SLOTS, saying('assistedKycSlot')),
    language: z.enum(LANGUAGES),
    needs: z.array(z.enum(ASSISTED_KYC_NEEDS)).max(ASSISTED_KYC_NEEDS.length).default([]),
    note: z.string().trim().max(300, saying('assistedKycNote')).optional(),
  })
  .strict();
export type RequestAssistedKyc = z.input<typeof requestAssistedKycSchema>;

export const assistedKycBookingSchema = z.object({
  call_date: z.string(),
  slot: z.enum(ASSISTED_KYC_SLOTS),
  language: z.enum(LANGUAGES),
  needs: z.array(z.enum(ASSISTED_KYC_NEEDS)),
  note: z.string().nullable(),
  status: z.enum(['booked', 'done', 'cancelled']),
  requested_at: z.string(),
});
export type AssistedKycBooking = z.infer<typeof assistedKycBookingSchema>;

export const assistedKycDataSchema = z.object({
  booking: assistedKycBookingSchema.nullable(),
  days: z.array(z.string()),
  slots: z.array(z.enum(ASSISTED_KYC_SLOTS)),
});
export type AssistedKycData = z.infer<typeof assistedKycDataSchema>;

/** One booked call as the back office lists it. */
export const assistedKycCallSchema = assistedKycBookingSchema.extend({
  applicant_id: z.string(),
  mobile: z.string(),
  name: z.string().nullable(),
  stage: z.number().nullable(),
});
export type AssistedKycCall = z.infer<typeof assistedKycCallSchema>;

export const assistedKycReplySchema = replySchema(assistedKycDataSchema);
