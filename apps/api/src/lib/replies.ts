/** A route's declared replies (schema.response): they are checked outside production and listed in the OpenAPI document. */
import { validationErrorReplySchema } from '@ekyc/contracts/envelope';

/** The 200 reply of a route that takes no input to validate. */
export const replies = <T>(ok: T) => ({ 200: ok });

/** The 200 reply, and the 400 naming the offending field, of a route that validates its input. */
export const withInput = <T>(ok: T) => ({ 200: ok, 400: validationErrorReplySchema });
