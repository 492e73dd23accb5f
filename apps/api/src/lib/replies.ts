/** A route's declared replies (schema.response): they are checked outside production and listed in the OpenAPI document. */
import { emptyReplySchema, validationErrorReplySchema } from '@ekyc/contracts/envelope';
import { z } from 'zod';

/** The 200 reply of a route that takes no input to validate. */
export const replies = <T>(ok: T) => ({ 200: ok });

/** The 200 reply, and the 400 naming the offending field, of a route that validates its input. */
export const withInput = <T>(ok: T) => ({ 200: ok, 400: validationErrorReplySchema });

/**
 * Failures a route gives beyond those the document gives every route of its kind (400 for input,
 * 401 and 403 from its guard, 404 for a path parameter, 409 and 413 for a POST, 429, 500, 503):
 * the envelope, with the codes the document lists for the status.
 */
export const alsoFails = (...statuses: (401 | 403 | 404 | 409)[]) =>
  Object.fromEntries(statuses.map((status) => [status, emptyReplySchema])) as Partial<
    Record<401 | 403 | 404 | 409, typeof emptyReplySchema>
  >;

const TEXT = z.string();
/** Bytes on the wire (a Buffer in the handler): a binary string in the document. */
const BINARY = z.custom<Uint8Array>((v) => v instanceof Uint8Array).meta({ type: 'string', format: 'binary' });

/** A reply that is a file, a page or a script rather than the envelope, in each of its media types. */
export const fileReply = (description: string, ...mediaTypes: string[]) => ({
  description,
  content: Object.fromEntries(
    mediaTypes.map((type) => [type, { schema: /^text\/|javascript/.test(type) ? TEXT : BINARY }]),
  ),
});
