import * as z from 'zod/mini';
import { screenSchema, screenShape } from './screen.ts';

/**
 * Every reply is { status, message, data } (contract, API). Beside the English message, `code` names
 * it: the key of the message in MSG (messages.ts) when the message comes from that catalogue, so a
 * client can show it in the applicant's language. Optional: a client that ignores it sees the
 * contract's shape unchanged.
 */
export function replySchema<T extends z.core.$ZodType>(data: T) {
  return z.object({ status: z.boolean(), message: z.string(), code: z.optional(z.string()), data });
}

/**
 * A stage action's refusal data: where to go, and the fields this call's refusals may carry besides
 * (`shape`, each named in the call's contract; each optional, a refusal gives those it knows).
 * Strict: a field not named fails the reply check (tests, development) and is never written
 * (reply-writer.ts), in every mode.
 */
export const refusalDataSchema = <S extends z.core.$ZodLooseShape>(shape: S) =>
  z.partial(z.strictObject({ ...screenShape, ...shape }));

/** A stage action's refusal that carries nothing but where to go. */
export const screenDataSchema = refusalDataSchema({});

/**
 * A stage action's reply, told apart by `status`: true carries the action's own data; false carries
 * where to go instead (a failure, a step asked for at another stage with `moved: true`, a replayed
 * request withheld) and, for a call whose refusals say more, the fields named by `refusal`
 * (refusalDataSchema). A success whose data is not the action's fails the schema; so does a refusal
 * carrying a field its call does not name.
 */
export function stageReplySchema<T extends z.core.$ZodType, R extends z.core.$ZodType = typeof screenDataSchema>(
  data: T,
  refusal?: R,
) {
  const said = { message: z.string(), code: z.optional(z.string()) };
  const schema = z.discriminatedUnion('status', [
    z.object({ status: z.literal(true), ...said, data }),
    z.object({ status: z.literal(false), ...said, data: refusal ?? screenDataSchema }),
  ]);
  // Use-cases build a reply as one envelope whose status is a boolean, so a route's handler is typed
  // against the envelope with either data; the schema itself (checked at run time, written on the
  // wire, listed in the OpenAPI document) is the discriminated one.
  return schema as unknown as ReturnType<typeof replySchema<z.ZodMiniUnion<[T, R]>>>;
}

/** One offending field of a 400: its message and, when the message is from MSG, its key. */
export const fieldErrorSchema = z.object({ field: z.string(), message: z.string(), code: z.optional(z.string()) });

/**
 * The 400 body names the offending field; for a signed-in applicant, the page of their current stage
 * too (section 4). A staff decision refused names what it was about: the stage, the checks not
 * passed, the segments, the reason code not known.
 */
export const validationErrorDataSchema = z.strictObject({
  field: z.string(),
  errors: z.array(fieldErrorSchema),
  screen: z.optional(screenSchema),
  stage: z.optional(z.number()),
  checks: z.optional(z.array(z.string())),
  segments: z.optional(z.array(z.string())),
  code: z.optional(z.string()),
});
/** HTTP 400: malformed input, naming each offending field. */
export const validationErrorReplySchema = replySchema(validationErrorDataSchema);

/** Data a reply leaves empty (or the client need not read). */
export const emptyDataSchema = z.looseObject({});

/**
 * The envelope with data the client need not read: plain acknowledgements, and a failure a route
 * declares (alsoFails), which the error handler writes and the document gives with its status's
 * FAILURE_DATA.
 */
export const emptyReplySchema = replySchema(emptyDataSchema);

/** Seconds to wait before trying again (as the Retry-After header says). */
const retryAfter = z.optional(z.number());

/**
 * What a failure of each HTTP status may carry in `data`, every field named: the error handler
 * writes a failure through its status's schema (a field not named fails the reply check in tests and
 * development, and is never written), and the OpenAPI document lists them. 200 is a journey step
 * asked for outside its stage (STAGE_MOVED), answered as the step's own refusal.
 */
export const FAILURE_DATA = {
  200: screenDataSchema,
  400: validationErrorDataSchema,
  401: z.strictObject({}),
  403: z.strictObject({
    /** A second staff member must do it. */
    four_eyes: z.optional(z.literal(true)),
    /** The staff member's password must be changed first. */
    password_change_required: z.optional(z.literal(true)),
  }),
  404: z.strictObject({}),
  409: z.strictObject({
    /** A journey step refused here: the applicant's page. */
    screen: z.optional(screenSchema),
    /** The application's review standing that refused a staff action. */
    status: z.optional(z.string()),
    stage: z.optional(z.number()),
    /** Who is working on the application now. */
    holder: z.optional(z.object({ staff_id: z.string(), name: z.string() })),
    /** The application holding the same PAN. */
    other_application: z.optional(z.string()),
    /** How many screening hits are not yet cleared. */
    screening_hits: z.optional(z.number()),
    /** The request header in conflict (Idempotency-Key). */
    field: z.optional(z.string()),
    retry_after: retryAfter,
  }),
  413: z.strictObject({}),
  429: z.strictObject({
    locked: z.optional(z.boolean()),
    retry_after: retryAfter,
    /** Seconds until another OTP may be sent. */
    resend_after: z.optional(z.number()),
  }),
  500: z.strictObject({}),
  503: z.strictObject({
    retry_after: retryAfter,
    /** The applicant's place in a provider's queue (1 is next). */
    queue_position: z.optional(z.number()),
    /** A new sign-up waits: the service is saturated. */
    waiting_room: z.optional(z.literal(true)),
    /** What is away (storage_full). */
    reason: z.optional(z.string()),
  }),
} as const;
export type FailureStatus = keyof typeof FAILURE_DATA;

/**
 * A failure's reply (HTTP 4xx and 5xx): the envelope with status false and, when the message comes
 * from the catalogue, `code` one of the keys a failure of that status can carry (the OpenAPI
 * document's enum).
 */
export function failureReplySchema<T extends z.core.$ZodType>(codes: readonly [string, ...string[]], data: T) {
  return z.object({ status: z.literal(false), message: z.string(), code: z.optional(z.enum(codes)), data });
}
