import * as z from 'zod/mini';

/** Every reply is { status, message, data } (contract, API). */
export function replySchema<T extends z.ZodMiniType>(data: T) {
  return z.object({ status: z.boolean(), message: z.string(), data });
}
export type Reply<T> = { status: boolean; message: string; data: T };

/** A stage action's data: the applicant route to go to next, whether the call succeeded or not. */
export const screenDataSchema = z.looseObject({ screen: z.optional(z.string()) });
export type ScreenData = z.infer<typeof screenDataSchema>;

/** The 400 body names the offending field. */
export const validationErrorDataSchema = z.object({
  field: z.string(),
  errors: z.array(z.object({ field: z.string(), message: z.string() })),
});
