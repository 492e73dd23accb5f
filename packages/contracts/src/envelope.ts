import * as z from 'zod/mini';
import { screenSchema } from './screen.ts';

/**
 * Every reply is { status, message, data } (contract, API). Beside the English message, `code` names
 * it: the key of the message in MSG (messages.ts) when the message comes from that catalogue, so a
 * client can show it in the applicant's language. Optional: a client that ignores it sees the
 * contract's shape unchanged.
 */
export function replySchema<T extends z.core.$ZodType>(data: T) {
  return z.object({ status: z.boolean(), message: z.string(), code: z.optional(z.string()), data });
}

/** A stage action's data: the applicant route to go to next, whether the call succeeded or not. */
export const screenDataSchema = z.looseObject({ screen: z.optional(screenSchema) });
export type ScreenData = z.infer<typeof screenDataSchema>;

/**
 * A stage action's reply, told apart by `status`: true carries the action's own data; false carries
 * where to go instead (a failure, a step asked for at another stage with `moved: true`, a replayed
 * request withheld). A success whose data is not the action's fails the schema.
 */
export function stageReplySchema<T extends z.core.$ZodType>(data: T) {
  const said = { message: z.string(), code: z.optional(z.string()) };
  const schema = z.discriminatedUnion('status', [
    z.object({ status: z.literal(true), ...said, data }),
    z.object({ status: z.literal(false), ...said, data: screenDataSchema }),
  ]);
  // Use-cases build a reply as one envelope whose status is a boolean, so a route's handler is typed
  // against the envelope with either data; the schema itself (checked at run time, written on the
  // wire, listed in the OpenAPI document) is the discriminated one.
  return schema as unknown as ReturnType<typeof replySchema<z.ZodMiniUnion<[T, typeof screenDataSchema]>>>;
}

/** One offending field of a 400: its message and, when the message is from MSG, its key. */
export const fieldErrorSchema = z.object({ field: z.string(), message: z.string(), code: z.optional(z.string()) });

/** The 400 body names the offending field. */
export const validationErrorDataSchema = z.looseObject({
  field: z.string(),
  errors: z.array(fieldErrorSchema),
});
/** HTTP 400: malformed input, naming each offending field. */
export const validationErrorReplySchema = replySchema(validationErrorDataSchema);

/** Data a reply leaves empty (or the client need not read). */
export const emptyDataSchema = z.looseObject({});

/** The envelope with data the client need not read (401, 404, 409, 413, 429, 5xx, plain acknowledgements). */
export const emptyReplySchema = replySchema(emptyDataSchema);

/**
 * A failure's reply (HTTP 4xx and 5xx): the envelope with status false and, when the message comes
 * from the catalogue, `code` one of the keys a failure of that status can carry (the OpenAPI
 * document's enum).
 */
export function failureReplySchema<T extends z.core.$ZodType>(codes: readonly [string, ...string[]], data: T) {
  return z.object({ status: z.literal(false), message: z.string(), code: z.optional(z.enum(codes)), data });
}
